import { type User } from '@legenett/contracts';
import { Avatar, Badge, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { mayNavigate } from '@/shared/auth/access-rules';
import { landingPath } from '@/shared/auth/account-state';
import { paths } from '@/shared/config/paths';
import { notify } from '@/shared/ui/notify';
import { useSwitchBusinessProfile } from '../api/business-profile';
import { useLogout } from '../api/logout';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');

/** The header's account menu: who is acting, profile, settings, business-profile switcher, log out. */
export function UserMenu({ user }: { user: User }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const logout = useLogout();
  const switcher = useSwitchBusinessProfile();
  const acting = user.active_business_profile;
  const displayName = acting ? acting.name : `${user.first_name} ${user.last_name}`;
  const avatar = acting ? acting.logo : user.profile_avatar;

  const switchTo = (companyId: number | null) =>
    switcher.mutate(companyId, {
      onSuccess: (session) => {
        const company = session.user.active_business_profile;
        notify.success(company ? t('menu.switched_to_company', { name: company.name }) : t('menu.switched_to_personal'));
        // Acting as a company starts on the company's own page, the personal profile on the feed.
        void navigate(landingPath(session.user));
      },
    });

  const logOut = () =>
    logout.mutate(undefined, {
      onSettled: () => void navigate(paths.home.path, { replace: true }),
    });

  return (
    <Menu position="bottom-end" width={260} withinPortal hideDetached={false}>
      <Menu.Target>
        {/*
          Named by its content, not aria-label, so the name it shows is its accessible name (WCAG 2.5.3,
          label in name): the initials are decoration, the member's name is visible from `sm` and
          visually hidden below (a phone shows the avatar only), then ", User menu" for screen readers.
        */}
        <UnstyledButton data-testid="user-menu">
          <Group gap={8} wrap="nowrap">
            <Avatar src={avatar} alt="" aria-hidden radius="xl" size={34} color={acting ? 'teal' : 'blue'}>
              {initials(displayName)}
            </Avatar>
            <Text size="sm" fw={600} visibleFrom="sm" maw={180} truncate>
              {displayName}
            </Text>
            <VisuallyHidden hiddenFrom="sm">{displayName}</VisuallyHidden>
            <VisuallyHidden>, {t('menu.open')}</VisuallyHidden>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {acting && (
          <Menu.Label>
            <Badge color="teal" variant="light" fullWidth>
              {t('menu.acting_as', { name: acting.name })}
            </Badge>
          </Menu.Label>
        )}
        {/* Only entries this account may open (an account awaiting approval has its settings, not its profile page). */}
        {mayNavigate('personal', user) && <Menu.Item onClick={() => void navigate(paths.profile.path)}>{t('menu.my_profile')}</Menu.Item>}
        {mayNavigate('account', user) && (
          <Menu.Item onClick={() => void navigate(paths.profileSettings.href({ slug: 'profile-information' }))}>{t('menu.settings')}</Menu.Item>
        )}
        {(acting || user.available_business_profiles.length > 0) && <Menu.Divider />}
        {acting && <Menu.Item onClick={() => switchTo(null)}>{t('menu.back_to_personal')}</Menu.Item>}
        {user.available_business_profiles
          .filter((company) => company.id !== acting?.id)
          .map((company) => (
            <Menu.Item key={company.id} onClick={() => switchTo(company.id)}>
              {t('menu.act_as')}: {company.name}
            </Menu.Item>
          ))}
        <Menu.Divider />
        <Menu.Item color="red" onClick={logOut}>
          {t('menu.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
