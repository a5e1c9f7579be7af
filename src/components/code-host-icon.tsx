import { siGithub } from "simple-icons";
import { Icon, type IconProps } from "./icons";

/** The code-hosting profile's mark; kept apart from icons.tsx so brand paths stay out of the first load. */
export function CodeHostIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d={siGithub.path} />
    </Icon>
  );
}
