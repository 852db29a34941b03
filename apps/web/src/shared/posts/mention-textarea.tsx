import { type MentionPerson, mentionEndpoints, MENTION_SEARCH_MIN_LENGTH } from '@legenett/contracts';
import { Avatar, Box, Button, Group, Paper, Text, Textarea, type TextareaProps, TextInput } from '@mantine/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '@/shared/api/api-client';
import { mentionKeys } from './keys';
import { mentionLabel, type PickedMentions, toDisplayText, toStoredText } from './mentions';

/** A text being written with mentions: what the box shows, and whom its `@Name` labels stand for. */
export function useMentionDraft(initial = '', mentions?: Parameters<typeof toDisplayText>[1]) {
  const [state, setState] = useState(() => toDisplayText(initial, mentions));
  return {
    text: state.text,
    picked: state.picked as PickedMentions,
    setText: (text: string) => setState((s) => ({ ...s, text })),
    pick: (text: string, person: Pick<MentionPerson, 'id' | 'first_name' | 'last_name'>) =>
      setState((s) => ({ text, picked: new Map(s.picked).set(mentionLabel(person), person.id) })),
    /** The text to send: `@[id]` for each picked person. */
    stored: () => toStoredText(state.text, state.picked),
    reset: () => setState({ text: '', picked: new Map() }),
  };
}
export type MentionDraft = ReturnType<typeof useMentionDraft>;

/** People to mention by name; asked from MENTION_SEARCH_MIN_LENGTH letters. */
export const mentionPeopleQueryOptions = (term: string) =>
  queryOptions({
    queryKey: mentionKeys.people(term),
    queryFn: async ({ signal }) => apiCall(mentionEndpoints.people, { query: { search: term }, signal }),
    enabled: term.length >= MENTION_SEARCH_MIN_LENGTH,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

function usePeople(search: string) {
  const [debounced, setDebounced] = useState(search);
  useEffect(() => {
    const handle = setTimeout(() => setDebounced(search), 200);
    return () => clearTimeout(handle);
  }, [search]);
  return useQuery(mentionPeopleQueryOptions(debounced.trim()));
}

/**
 * The people picker: a combobox (a search box that owns a listbox of people). Arrow keys move
 * through the people (`aria-activedescendant`), Enter picks, Escape closes; the number of people
 * found is announced.
 */
export function PeoplePicker({
  onPick,
  onClose,
  label,
  exclude = [],
  autoFocus = true,
}: {
  onPick: (p: MentionPerson) => void;
  /** Closes the picker (its button and Escape); without it the picker is one field of a form and stays. */
  onClose?: () => void;
  /** The search box's name when the picker is not for a mention (a group's people). */
  label?: string;
  /** People already picked: not offered again. */
  exclude?: readonly number[];
  /** Takes the focus when it opens (a mention); not when it is one field of a form. */
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('feed');
  const id = useId();
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(0);
  const people = usePeople(search);
  const enough = search.trim().length >= MENTION_SEARCH_MIN_LENGTH;
  const list = enough ? (people.data?.data ?? []).filter((p) => !exclude.includes(p.id)) : [];
  const current = list[Math.min(active, list.length - 1)];
  const status = !enough
    ? t('mentions.type_more')
    : people.isFetching && !people.data
      ? t('mentions.searching')
      : list.length === 0
        ? t('mentions.no_match')
        : list.length === 1
          ? t('mentions.results_one')
          : t('mentions.results', { count: list.length });

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' && list.length > 0) {
      e.preventDefault();
      setActive((i) => (i + 1) % list.length);
    } else if (e.key === 'ArrowUp' && list.length > 0) {
      e.preventDefault();
      setActive((i) => (i - 1 + list.length) % list.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (current) onPick(current);
    } else if (e.key === 'Escape' && onClose) {
      e.preventDefault();
      e.stopPropagation();
      onClose();
    }
  };

  return (
    <Paper withBorder p="xs" mt={4} shadow="sm">
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label={label ?? t('mentions.picker_label')}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={list.length > 0}
          aria-controls={`${id}-list`}
          aria-activedescendant={current ? `${id}-option-${current.id}` : undefined}
          autoComplete="off"
          data-autofocus={autoFocus || undefined}
          autoFocus={autoFocus}
        />
        {onClose ? (
          <Button variant="default" onClick={onClose}>
            {t('mentions.close')}
          </Button>
        ) : null}
      </Group>
      <Box component="ul" role="listbox" id={`${id}-list`} aria-label={t('mentions.picker_list')} p={0} m={0} mt={list.length > 0 ? 'xs' : 0} style={{ listStyle: 'none' }}>
        {list.map((p) => {
          const selected = p.id === current?.id;
          return (
            <Box
              component="li"
              key={p.id}
              id={`${id}-option-${p.id}`}
              role="option"
              aria-selected={selected}
              px="xs"
              py={6}
              style={{
                cursor: 'pointer',
                borderRadius: 'var(--mantine-radius-sm)',
                background: selected ? 'var(--mantine-color-blue-light)' : undefined,
              }}
              // Mouse down, not click: the search box keeps the focus.
              onMouseDown={(e) => {
                e.preventDefault();
                onPick(p);
              }}
            >
              <Group gap="xs" wrap="nowrap">
                <Avatar src={p.profile_avatar} size="sm" radius="xl" alt="" />
                <Text size="sm">
                  {p.first_name} {p.last_name}
                </Text>
              </Group>
            </Box>
          );
        })}
      </Box>
      <Text size="xs" c="dimmed" mt={4} aria-live="polite">
        {status}
      </Text>
    </Paper>
  );
}

/**
 * A text box whose `@` opens the people picker (also its "Nevn noen" button): the picked person
 * goes into the text as `@First Last`, sent as `@[id]` (`draft.stored()`).
 */
export function MentionTextarea({ draft, ...props }: Omit<TextareaProps, 'value' | 'onChange'> & { draft: MentionDraft }) {
  const { t } = useTranslation('feed');
  const box = useRef<HTMLTextAreaElement>(null);
  // Where the mention goes: the caret when the picker opened, and whether an `@` was typed there.
  const [picking, setPicking] = useState<{ at: number; typedAt: boolean } | null>(null);

  const open = (at: number, typedAt: boolean) => setPicking({ at, typedAt });
  const close = () => {
    const at = picking?.at ?? draft.text.length;
    setPicking(null);
    requestAnimationFrame(() => {
      box.current?.focus();
      box.current?.setSelectionRange(at, at);
    });
  };
  const pick = (person: MentionPerson) => {
    if (!picking) return;
    const start = picking.typedAt ? picking.at - 1 : picking.at;
    const before = draft.text.slice(0, start);
    const after = draft.text.slice(picking.at);
    const label = `${mentionLabel(person)} `;
    draft.pick(`${before}${label}${after}`, person);
    const caret = before.length + label.length;
    setPicking(null);
    requestAnimationFrame(() => {
      box.current?.focus();
      box.current?.setSelectionRange(caret, caret);
    });
  };

  return (
    <div>
      <Textarea
        {...props}
        ref={box}
        value={draft.text}
        onChange={(e) => {
          const el = e.currentTarget;
          const value = el.value;
          const caret = el.selectionStart ?? value.length;
          draft.setText(value);
          // An `@` typed at the start or after a space opens the picker.
          if (value.length === draft.text.length + 1 && value[caret - 1] === '@' && (caret === 1 || /\s/.test(value[caret - 2] ?? ''))) open(caret, true);
        }}
        description={props.description ?? t('mentions.hint')}
      />
      {picking ? (
        <PeoplePicker onPick={pick} onClose={close} />
      ) : (
        <Button
          variant="subtle"
          size="compact-sm"
          mt={4}
          onClick={() => open(box.current?.selectionStart ?? draft.text.length, false)}
        >
          <span aria-hidden="true">@&nbsp;</span>
          {t('mentions.button')}
        </Button>
      )}
    </div>
  );
}
