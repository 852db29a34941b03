import { PASSWORD_MAX, PASSWORD_MIN } from '@legenett/contracts';
import { List, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const RULES = [
  ['rule_length', (p: string) => p.length >= PASSWORD_MIN && p.length <= PASSWORD_MAX],
  ['rule_upper', (p: string) => /[A-ZÆØÅ]/.test(p)],
  ['rule_lower', (p: string) => /[a-zæøå]/.test(p)],
  ['rule_digit', (p: string) => /[0-9]/.test(p)],
  ['rule_special', (p: string) => /[^A-Za-z0-9ÆØÅæøå]/.test(p)],
] as const;

/** Live hints for the password rule of spec point 5 (the same checks as PasswordSchema). */
export function PasswordRules({ password, id }: { password: string; id?: string }) {
  const { t } = useTranslation('registration');
  return (
    <div id={id}>
      <Text size="xs" c="dimmed">
        {t('form.rules_title')}
      </Text>
      <List size="xs" spacing={2} aria-live="polite">
        {RULES.map(([key, test]) => {
          const met = test(password);
          return (
            <List.Item
              key={key}
              c={met ? 'teal' : 'dimmed'}
              icon={
                <ThemeIcon size={14} radius="xl" color={met ? 'teal' : 'gray'} aria-hidden>
                  <span style={{ fontSize: 9 }}>{met ? '✓' : '•'}</span>
                </ThemeIcon>
              }
            >
              {t(`form.${key}`)}{' '}
              <span className="visually-hidden">({t(met ? 'form.rule_met' : 'form.rule_unmet')})</span>
            </List.Item>
          );
        })}
      </List>
    </div>
  );
}
