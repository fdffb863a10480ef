import { Button, type ButtonProps } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';

/** The course's community (a WhatsApp group, a forum), opened in a new tab. */
export function CommunityLink({
  href,
  label,
  variant,
  size,
}: {
  href: string;
  label: string;
  variant: ButtonProps['variant'];
  size?: ButtonProps['size'];
}) {
  return (
    <Button
      component="a"
      href={href}
      target="_blank"
      rel="noreferrer noopener"
      variant={variant}
      size={size}
      leftSection={<IconUsersGroup size={16} />}
    >
      {label}
    </Button>
  );
}
