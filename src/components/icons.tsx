import type { ReactNode } from "react";

export interface IconProps {
  size?: number;
  className?: string;
}

/** A decorative 24×24 icon; the link or button around it carries the accessible name. */
export function Icon({
  size = 20,
  className,
  outline,
  children,
}: IconProps & { outline?: boolean; children: ReactNode }) {
  const paint = outline
    ? {
        fill: "none",
        stroke: "currentColor",
        strokeWidth: 2,
        strokeLinecap: "round",
        strokeLinejoin: "round",
      }
    : { fill: "currentColor" };
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      className={className}
      {...(paint as object)}
    >
      {children}
    </svg>
  );
}

/** An outlined icon of these paths (their `d`), one `<path>` each. */
export const pathIcon = (...paths: string[]) =>
  function PathIcon(props: IconProps) {
    return (
      <Icon {...props} outline>
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </Icon>
    );
  };

export function MailIcon(props: IconProps) {
  return (
    <Icon {...props} outline>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3.5 6.5 8.5 6.5 8.5-6.5" />
    </Icon>
  );
}

/** LinkedIn's "in" in a badge, drawn here (simple-icons has no LinkedIn mark). */
export function LinkedInIcon(props: IconProps) {
  return (
    <Icon {...props} outline>
      <rect x="3" y="3" width="18" height="18" rx="3" />
      <path d="M8 11v6M8 7.5v.01M12 17v-6M12 13.5c0-1.5 1-2.5 2.5-2.5S17 12 17 13.5V17" />
    </Icon>
  );
}

/** A profile on a network without a mark of its own: a person in a circle. */
export function ProfileIcon(props: IconProps) {
  return (
    <Icon {...props} outline>
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="10" r="3" />
      <path d="M6.5 18.5c1.2-2 3.2-3 5.5-3s4.3 1 5.5 3" />
    </Icon>
  );
}

export const ResumeIcon = pathIcon(
  "M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z",
  "M14 3v5h5M9 13h6M9 17h6",
);

/** An arrow up and to the right: the link leaves the site. */
export const ArrowIcon = pathIcon("M7 17 17 7M8 7h9v9");
