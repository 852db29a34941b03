import { type Education, type Experience } from '@legenett/contracts';
import { Button, Card, Container, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/shared/ui/notify';
import { PagedList, type PagedQuery } from '@/shared/ui/paged-list';
import { useDeleteEducation, useDeleteExperience, useEducations, useExperiences } from '../api/professional';
import { EducationForm } from './education-form';
import { ExperienceForm } from './experience-form';
import { EducationSummary, ExperienceSummary } from './professional-lists';

type Editing<T> = { item: T | null } | null;

function Section<T extends { id: number }>(props: {
  title: string;
  addLabel: string;
  editLabel: string;
  empty: string;
  deleteTitle: string;
  deletedMessage: string;
  page: number;
  onPage: (p: number) => void;
  query: PagedQuery<T>;
  summary: (item: T) => ReactNode;
  form: (item: T | null, done: () => void) => ReactNode;
  remove: (id: number) => Promise<unknown>;
  describe: (item: T) => string;
}) {
  const { t } = useTranslation('profile');
  const [editing, setEditing] = useState<Editing<T>>(null);
  const [deleting, setDeleting] = useState<T | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    const item = deleting;
    setDeleting(null);
    await props.remove(item.id);
    notify.success(props.deletedMessage);
  };

  return (
    <Stack gap="sm" component="section" aria-label={props.title}>
      <Group justify="space-between">
        <Title order={2} size="h3">
          {props.title}
        </Title>
        <Button onClick={() => setEditing({ item: null })}>{props.addLabel}</Button>
      </Group>
      <PagedList
        query={props.query}
        label={props.title}
        empty={props.empty}
        itemKey={(item) => item.id}
        page={props.page}
        onPageChange={props.onPage}
        renderItem={(item) => (
          <Card withBorder padding="md">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              {props.summary(item)}
              <Group gap="xs" wrap="nowrap">
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => setEditing({ item })}
                  aria-label={`${t('common.edit')}: ${props.describe(item)}`}
                >
                  {t('common.edit')}
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  onClick={() => setDeleting(item)}
                  aria-label={`${t('common.delete')}: ${props.describe(item)}`}
                >
                  {t('common.delete')}
                </Button>
              </Group>
            </Group>
          </Card>
        )}
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.item ? props.editLabel : props.addLabel}
        size="lg"
        fullScreen={typeof window !== 'undefined' && window.innerWidth < 576}
      >
        {editing && props.form(editing.item, () => setEditing(null))}
      </Modal>
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={props.deleteTitle} centered>
        <Stack>
          <Text>{deleting ? props.describe(deleting) : ''}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t('common.cancel')}
            </Button>
            <Button color="red" onClick={() => void confirmDelete()}>
              {t('common.confirm_delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** `/professional_experience`: own experience and education, each listed with add, edit and delete. */
export function ProfessionalExperiencePage() {
  const { t } = useTranslation('profile');
  const [experiencePage, setExperiencePage] = useState(1);
  const [educationPage, setEducationPage] = useState(1);
  const experiences = useExperiences(experiencePage);
  const educations = useEducations(educationPage);
  const removeExperience = useDeleteExperience();
  const removeEducation = useDeleteEducation();

  return (
    <Container size="md" py="md">
      <Title order={1} mb="lg">
        {t('experience.page_title')}
      </Title>
      <Stack gap="xl">
        <Section<Experience>
          title={t('experience.title')}
          addLabel={t('experience.add')}
          editLabel={t('experience.edit')}
          empty={t('experience.empty')}
          deleteTitle={t('experience.delete_title')}
          deletedMessage={t('experience.deleted')}
          page={experiencePage}
          onPage={setExperiencePage}
          query={experiences}
          summary={(item) => <ExperienceSummary item={item} />}
          form={(item, done) => <ExperienceForm experience={item} onDone={done} />}
          remove={(id) => removeExperience.mutateAsync(id)}
          describe={(item) => [item.position, item.workplace_name].filter(Boolean).join(', ')}
        />
        <Section<Education>
          title={t('education.title')}
          addLabel={t('education.add')}
          editLabel={t('education.edit')}
          empty={t('education.empty')}
          deleteTitle={t('education.delete_title')}
          deletedMessage={t('education.deleted')}
          page={educationPage}
          onPage={setEducationPage}
          query={educations}
          summary={(item) => <EducationSummary item={item} />}
          form={(item, done) => <EducationForm education={item} onDone={done} />}
          remove={(id) => removeEducation.mutateAsync(id)}
          describe={(item) => item.university?.name ?? ''}
        />
      </Stack>
    </Container>
  );
}
