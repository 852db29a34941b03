import { type Conversation, MAX_GROUP_SIZE, type MentionPerson } from '@legenett/contracts';
import { Button, CloseButton, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PeoplePicker } from '@/shared/posts/mention-textarea';
import { notify } from '@/shared/ui/notify';
import { useGroupMembers } from '../api/messages';

/** Picked people shown as removable names (the new-group form and "add people"). */
export function PickedPeople({ people, onRemove }: { people: readonly MentionPerson[]; onRemove: (id: number) => void }) {
  const { t } = useTranslation('messages');
  if (people.length === 0) return null;
  return (
    <Group gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('ui.group_people')}>
      {people.map((p) => {
        const name = `${p.first_name} ${p.last_name}`;
        return (
          <Paper component="li" key={p.id} withBorder px="xs" py={2} radius="xl">
            <Group gap={4} wrap="nowrap">
              <Text size="sm">{name}</Text>
              <CloseButton size="sm" aria-label={t('ui.remove_person', { name })} onClick={() => onRemove(p.id)} />
            </Group>
          </Paper>
        );
      })}
    </Group>
  );
}

/** A group's members; its creator adds people (the people picker) and removes them (asked in the row). */
export function MembersDialog({ opened, onClose, conversation }: { opened: boolean; onClose: () => void; conversation: Conversation }) {
  const { t } = useTranslation('messages');
  const { add, remove } = useGroupMembers(conversation.id);
  const [picked, setPicked] = useState<MentionPerson[]>([]);
  const [picking, setPicking] = useState(false);
  const [removing, setRemoving] = useState<number | null>(null);
  const members = conversation.participants.filter((p) => p.state === 'active');
  const room = MAX_GROUP_SIZE - members.length - picked.length;
  const addPicked = () =>
    add.mutate(
      picked.map((p) => p.id),
      {
        onSuccess: () => {
          setPicked([]);
          setPicking(false);
          notify.success(t('ui.added_done'));
        },
      },
    );
  return (
    <Modal opened={opened} onClose={onClose} title={`${t('ui.members_title')}: ${conversation.title}`} centered>
      <Stack gap="md">
        <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('ui.members_title')}>
          {members.map((p) => (
            <Paper component="li" key={`${p.type}${p.id}`} withBorder p="xs">
              {removing === p.id ? (
                <Stack gap={4}>
                  <Text size="sm" fw={600}>
                    {t('ui.remove_member_title', { name: p.name })}
                  </Text>
                  <Text size="sm">{t('ui.remove_member_question', { name: p.name })}</Text>
                  <Group gap="xs" justify="flex-end">
                    <Button size="xs" variant="default" onClick={() => setRemoving(null)}>
                      {t('ui.cancel')}
                    </Button>
                    <Button
                      size="xs"
                      color="red"
                      loading={remove.isPending}
                      onClick={() =>
                        remove.mutate(p.id, {
                          onSuccess: () => {
                            setRemoving(null);
                            notify.success(t('ui.removed_done', { name: p.name }));
                          },
                        })
                      }
                    >
                      {t('ui.remove_member')}
                    </Button>
                  </Group>
                </Stack>
              ) : (
                <Group justify="space-between" wrap="nowrap">
                  <Text size="sm">{p.is_me ? `${p.name} (${t('ui.you')})` : p.name}</Text>
                  {conversation.is_creator && !p.is_me && p.type === 'user' ? (
                    <Button size="compact-xs" variant="subtle" color="red" onClick={() => setRemoving(p.id)} aria-label={t('ui.remove_person', { name: p.name })}>
                      {t('ui.remove_member')}
                    </Button>
                  ) : null}
                </Group>
              )}
            </Paper>
          ))}
        </Stack>
        {conversation.is_creator ? (
          <Stack gap="xs">
            <PickedPeople people={picked} onRemove={(id) => setPicked((list) => list.filter((p) => p.id !== id))} />
            {picking && room > 0 ? (
              <PeoplePicker
                label={t('ui.pick_person')}
                exclude={[...members.filter((m) => m.type === 'user').map((m) => m.id), ...picked.map((p) => p.id)]}
                onPick={(p) => setPicked((list) => [...list, p])}
                onClose={() => setPicking(false)}
              />
            ) : (
              <Group gap="xs">
                {room > 0 ? (
                  <Button variant="default" size="xs" onClick={() => setPicking(true)}>
                    {t('ui.pick_person')}
                  </Button>
                ) : null}
              </Group>
            )}
            {picked.length > 0 ? (
              <Group justify="flex-end">
                <Button size="xs" onClick={addPicked} loading={add.isPending}>
                  {t('ui.add_people')}
                </Button>
              </Group>
            ) : null}
          </Stack>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('ui.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
