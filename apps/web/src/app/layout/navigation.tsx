import { Button, Group, NavLink, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, matchPath, useLocation } from 'react-router-dom';
import { mayNavigate } from '@/shared/auth/access-rules';
import { useCurrentUser } from '@/shared/auth/auth-store';
import { paths } from '@/shared/config/paths';
import { usePhone } from '@/shared/ui/use-phone';
import { LanguageSwitch } from './language-switch';
import { adminNavItem, type NavItem, navSections } from './nav-items';
import { SkinToggle } from './skin-toggle';

function isActive(href: string, pathname: string): boolean {
  if (href === paths.home.path) return pathname === href;
  return matchPath({ path: href, end: false }, pathname) !== null;
}

/** Whether `item` is the page shown (its own rule, else every page under its `href`). */
const isCurrent = (item: Pick<NavItem, 'href' | 'current'>, pathname: string, own: { slug: string } | null): boolean =>
  item.current ? item.current(pathname, own) : isActive(item.href, pathname);

/** The side navigation; on narrow screens it is the burger menu, which also carries log-in and sign-up. */
export function Navigation({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const user = useCurrentUser();
  const isAdmin = user?.roles.includes('admin') ?? false;
  // Only what this account may open; a section left without entries is not shown at all.
  const sections = navSections
    .map((section) => ({ ...section, items: section.items.filter((item) => mayNavigate(item.access ?? 'login', user)) }))
    .filter((section) => section.items.length > 0);
  const phone = usePhone();
  return (
    <Stack gap="md">
      {/* On a phone the header leaves the language and the skin to this menu (header.tsx). */}
      {phone && (
        <Group gap="sm" px="sm" wrap="nowrap">
          <LanguageSwitch name="legenett-language-menu" />
          <SkinToggle />
        </Group>
      )}
      {/* Sign-up and log-in entries are for visitors only. */}
      {!user && (
        <Stack gap="xs" hiddenFrom="sm">
          <Button component={Link} to={paths.register.path} onClick={onNavigate} fullWidth>
            {t('header.register')}
          </Button>
          <Button component={Link} to={paths.login.path} onClick={onNavigate} variant="default" fullWidth>
            {t('header.login')}
          </Button>
        </Stack>
      )}
      {isAdmin && (
        <NavLink
          component={Link}
          to={adminNavItem.href}
          label={t(adminNavItem.label)}
          leftSection={<adminNavItem.icon size={18} />}
          active={isActive(adminNavItem.href, pathname)}
          aria-current={isActive(adminNavItem.href, pathname) ? 'page' : undefined}
          onClick={onNavigate}
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        />
      )}
      {sections.map((section) => (
        <div key={section.label}>
          <Text id={`nav-${section.label}`} size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" mb={4}>
            {t(section.label)}
          </Text>
          <ul aria-labelledby={`nav-${section.label}`} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {section.items.map((item) => {
              const { label, href, icon: ItemIcon } = item;
              const active = isCurrent(item, pathname, user);
              return (
                <li key={label}>
                  <NavLink
                    component={Link}
                    to={href}
                    label={t(label)}
                    leftSection={<ItemIcon size={18} />}
                    active={active}
                    aria-current={active ? 'page' : undefined}
                    onClick={onNavigate}
                    style={{ borderRadius: 'var(--mantine-radius-md)' }}
                  />
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </Stack>
  );
}
