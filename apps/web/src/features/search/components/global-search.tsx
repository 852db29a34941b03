import { SEARCH_MIN_LENGTH } from '@legenett/contracts';
import {
  ActionIcon,
  Avatar,
  Box,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { SearchIcon } from '@/shared/ui/icons';
import { useGlobalSearch } from '../api/search';
import { type SearchOption, searchOptionGroups } from './search-options';

const DEBOUNCE_MS = 250;

function initialsOf(title: string): string {
  return title
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w.charAt(0).toUpperCase())
    .join('');
}

/**
 * The search field and its grouped results, as the WAI-ARIA combobox pattern: the input keeps the
 * focus, the arrow keys move the active option (`aria-activedescendant`), Enter opens it, Escape
 * closes the list (a second Escape empties the field). `popup` lists under the field (header), in a
 * listbox that scrolls itself; `inline` lists below it in the flow (the phone's full-screen overlay).
 */
function SearchCombobox({ mode, onNavigate }: { mode: 'popup' | 'inline'; onNavigate?: () => void }) {
  const { t } = useTranslation('search_ui');
  const navigate = useNavigate();
  const id = useId();
  const listboxId = `${id}-listbox`;
  const [value, setValue] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [debounced] = useDebouncedValue(value, DEBOUNCE_MS);
  const term = debounced.trim();
  const search = useGlobalSearch(debounced);
  const ready = term.length >= SEARCH_MIN_LENGTH && value.trim().length >= SEARCH_MIN_LENGTH;
  const groups = ready && search.data ? searchOptionGroups(search.data.data, term, id) : [];
  const options = groups.flatMap((g) => g.options);
  const hits = options.filter((o) => o.hit !== null).length;
  const shown = mode === 'inline' || (open && value.trim().length > 0);
  const expanded = shown && options.length > 0;
  const activeOption = expanded && active >= 0 ? options[active] : undefined;

  // The active option stays in view when the list scrolls (the input keeps the focus).
  const activeId = activeOption?.id;
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  const status =
    value.trim().length === 0
      ? ''
      : !ready
        ? t('hint', { count: SEARCH_MIN_LENGTH })
        : search.isError
          ? t('error')
          : !search.data || (search.isFetching && search.isPlaceholderData)
            ? t('searching')
            : hits === 0
              ? t('no_results', { term })
              : t('results', { count: hits });

  const go = (option: SearchOption) => {
    setOpen(false);
    setActive(-1);
    setValue('');
    onNavigate?.();
    void navigate(option.href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        setOpen(true);
        if (options.length > 0) setActive((a) => (a + 1) % options.length);
        break;
      case 'ArrowUp':
        setOpen(true);
        if (options.length > 0) setActive((a) => (a <= 0 ? options.length - 1 : a - 1));
        break;
      case 'Enter':
        if (!activeOption) return;
        go(activeOption);
        break;
      case 'Escape':
        if (mode === 'popup' && open && value) {
          setOpen(false);
          setActive(-1);
        } else if (value) {
          setValue('');
          setActive(-1);
        } else return;
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  const results = (
    <>
      {expanded ? (
        <Box
          id={listboxId}
          role="listbox"
          aria-label={t('label')}
          // Under the header the listbox itself scrolls, as in the ARIA combobox pattern: the
          // focus stays in the field and the arrow keys reach every option (scrolled into view),
          // so the scrolling region is the combobox's popup, not a region one must tab into.
          mah={mode === 'popup' ? '70vh' : undefined}
          style={mode === 'popup' ? { overflowY: 'auto' } : undefined}
        >
          <Stack gap="sm">
            {groups.map((group) => (
              <Box key={group.name} role="group" aria-labelledby={`${id}-${group.name}`}>
                <Text
                  id={`${id}-${group.name}`}
                  size="xs"
                  fw={700}
                  tt="uppercase"
                  c="dimmed"
                  px="xs"
                  pb={4}
                  role="presentation"
                >
                  {t(`groups.${group.name}`)}
                </Text>
                {group.options.map((option) => {
                  const isActive = activeOption?.id === option.id;
                  return (
                    <Box
                      key={option.id}
                      id={option.id}
                      role="option"
                      aria-selected={isActive}
                      px="xs"
                      py={6}
                      onMouseDown={(e) => e.preventDefault()}
                      onMouseEnter={() => setActive(options.indexOf(option))}
                      onClick={() => go(option)}
                      style={{
                        cursor: 'pointer',
                        borderRadius: 'var(--mantine-radius-sm)',
                        background: isActive ? 'var(--mantine-color-blue-light)' : undefined,
                        outline: isActive ? '2px solid var(--mantine-color-blue-filled)' : undefined,
                        outlineOffset: -2,
                      }}
                    >
                      {option.hit ? (
                        <Group gap="sm" wrap="nowrap">
                          {option.group === 'people' ||
                          option.group === 'companies' ||
                          option.group === 'posts' ? (
                            <Avatar src={option.hit.image} size="sm" radius="xl" alt="" aria-hidden>
                              {initialsOf(
                                option.group === 'posts' ? (option.hit.subtitle ?? '') : option.hit.title,
                              )}
                            </Avatar>
                          ) : null}
                          <Box style={{ minWidth: 0 }}>
                            <Text size="sm" fw={500} truncate>
                              {option.hit.title}
                            </Text>
                            {option.hit.subtitle ? (
                              <Text size="xs" c="dimmed" truncate>
                                {option.hit.subtitle}
                              </Text>
                            ) : null}
                          </Box>
                        </Group>
                      ) : (
                        <Text size="sm" c="blue" fw={600}>
                          {group.total !== null && group.total > 0
                            ? t('see_all_count', { count: group.total, group: t(`groups.${group.name}`) })
                            : t('see_all', { group: t(`groups.${group.name}`) })}
                        </Text>
                      )}
                    </Box>
                  );
                })}
              </Box>
            ))}
          </Stack>
        </Box>
      ) : null}
      {shown && status && !expanded ? (
        <Text size="sm" c="dimmed" px="xs" py="xs" aria-hidden>
          {status}
        </Text>
      ) : null}
    </>
  );

  return (
    <Box pos="relative" w="100%">
      <TextInput
        type="search"
        role="combobox"
        aria-label={t('label')}
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-autocomplete="list"
        aria-activedescendant={activeOption?.id}
        autoComplete="off"
        placeholder={t(mode === 'popup' ? 'placeholder_short' : 'placeholder')}
        leftSection={<SearchIcon size={16} />}
        value={value}
        data-autofocus={mode === 'inline' || undefined}
        onChange={(e) => {
          setValue(e.currentTarget.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <VisuallyHidden role="status" aria-live="polite" data-testid="search-status">
        {shown ? status : ''}
      </VisuallyHidden>
      {mode === 'popup' ? (
        shown && (expanded || status) ? (
          <Paper
            withBorder
            shadow="md"
            p="xs"
            pos="absolute"
            top="calc(100% + 4px)"
            right={0}
            w="min(460px, 90vw)"
            style={{ zIndex: 300 }}
          >
            {results}
          </Paper>
        ) : null
      ) : (
        <Box mt="sm">{results}</Box>
      )}
    </Box>
  );
}

/**
 * The header's global search: a field from the `md` breakpoint; on a phone a search button that
 * opens the same field full screen.
 */
export function GlobalSearch() {
  const { t } = useTranslation('search_ui');
  const [overlay, setOverlay] = useState(false);
  return (
    <>
      <Box visibleFrom="md" w={280}>
        <SearchCombobox mode="popup" />
      </Box>
      <ActionIcon
        hiddenFrom="md"
        variant="default"
        size="lg"
        radius="xl"
        aria-label={t('open')}
        onClick={() => setOverlay(true)}
      >
        <SearchIcon />
      </ActionIcon>
      <Modal
        opened={overlay}
        onClose={() => setOverlay(false)}
        fullScreen
        title={t('label')}
        closeButtonProps={{ 'aria-label': t('close') }}
        returnFocus
      >
        <SearchCombobox mode="inline" onNavigate={() => setOverlay(false)} />
      </Modal>
    </>
  );
}
