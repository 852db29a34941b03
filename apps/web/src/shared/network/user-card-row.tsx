import { type UserCard } from '@legenett/contracts';
import { Anchor, Avatar, Group } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import { VerifiedBadge } from '@/shared/ui/verified-badge';

/** A member's name as shown in lists and buttons. */
export const fullName = (u: { first_name: string; last_name: string }) => `${u.first_name} ${u.last_name}`.trim();

/** A person in a list: avatar and name linking to their page. */
export function UserCardRow({ user }: { user: UserCard }) {
  const name = fullName(user);
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar src={user.profile_avatar} radius="xl" size="md" alt="">
        {user.first_name.charAt(0)}
        {user.last_name.charAt(0)}
      </Avatar>
      <Anchor component={Link} to={paths.profileBySlug.href({ slug: user.slug })} style={{ overflowWrap: 'anywhere' }}>
        {name}
      </Anchor>
      <VerifiedBadge verifiedAs={user.verified_as} />
    </Group>
  );
}
