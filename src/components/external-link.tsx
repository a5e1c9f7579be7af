import type { AnchorHTMLAttributes, ReactNode } from "react";
import { ui } from "../content/interface";

interface ExternalLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "target" | "rel"> {
  href: string;
  children: ReactNode;
}

/** A link that opens in a new tab without giving the new page access to this one. */
export function ExternalLink({ children, ...props }: ExternalLinkProps) {
  return (
    <a {...props} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden">{ui.newTab}</span>
    </a>
  );
}
