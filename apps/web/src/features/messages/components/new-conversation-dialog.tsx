import { CreateGroupInput, MAX_GROUP_SIZE, MAX_MESSAGE_BODY, type MentionPerson } from '@legenett/contracts';
import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useContractForm } from '@/shared/forms/contract-form';
import { newMessageHref } from '@/shared/messages/send-message-button';
import { PeoplePicker } from '@/shared/posts/mention-textarea';
import { useCreateGroup } from '../api/messages';
import { PickedPeople } from './members-dialog';

/** "Ny samtale": pick one person, then write on the new-message page (which continues an existing conversation). */
export function NewConversationDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('messages');
  const navigate = useNavigate();
  return (
    <Modal opened={opened} onClose={onClose} title={t('ui.new_conversation')} centered>
      <Stack gap="xs">
        <Text size="sm">{t('ui.new_conversation_text')}</Text>
        {opened ? (
          <PeoplePicker
            label={t('ui.pick_person')}
            onPick={(p) => {
              onClose();
              void navigate(newMessageHref({ user: p.id }, `${p.first_name} ${p.last_name}`));
            }}
          />
        ) : null}
      </Stack>
    </Modal>
  );
}

/** "Ny gruppe": a name, the people (the people picker), a first message; the group opens when it is made. */
export function NewGroupDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('messages');
  return (
    <Modal opened={opened} onClose={onClose} title={t('ui.new_group')} centered>
      {opened ? <NewGroupForm onClose={onClose} /> : null}
    </Modal>
  );
}

function NewGroupForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('messages');
  const navigate = useNavigate();
  const create = useCreateGroup();
  const [people, setPeople] = useState<MentionPerson[]>([]);
  const form = useContractForm(CreateGroupInput, { defaultValues: { title: '', user_ids: [], body: '' } });
  const setPicked = (list: MentionPerson[]) => {
    setPeople(list);
    form.setValue(
      'user_ids',
      list.map((p) => p.id),
      { shouldValidate: form.formState.isSubmitted },
    );
  };
  const onSubmit = form.submit(async (values) => {
    const { conversation } = await create.mutateAsync(values);
    onClose();
    void navigate(`/messages/${conversation.id}`);
  });
  const peopleError = form.fieldError('user_ids');
  return (
    <form onSubmit={(ev) => void onSubmit(ev)} noValidate>
      <Stack gap="md">
        <TextInput label={t('ui.group_name')} required data-autofocus {...form.register('title')} error={form.fieldError('title')} maxLength={100} />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="new-group-people">
            {t('ui.group_people')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('ui.group_people_help', { maximum: MAX_GROUP_SIZE })}
          </Text>
          <PickedPeople people={people} onRemove={(id) => setPicked(people.filter((p) => p.id !== id))} />
          {people.length < MAX_GROUP_SIZE - 1 ? (
            <PeoplePicker label={t('ui.pick_person')} exclude={people.map((p) => p.id)} autoFocus={false} onPick={(p) => setPicked([...people, p])} />
          ) : null}
          {peopleError ? (
            <Text size="sm" c="red" role="alert">
              {people.length === 0 ? t('ui.group_no_people') : peopleError}
            </Text>
          ) : null}
        </Stack>
        <Textarea label={t('ui.group_first_message')} required rows={3} maxLength={MAX_MESSAGE_BODY} {...form.register('body')} error={form.fieldError('body')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('ui.cancel')}
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t('ui.group_create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
