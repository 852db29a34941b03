import { ActionIcon, Box, Button, Group, Image, Input, Paper, SimpleGrid, Text } from '@mantine/core';
import { type DragEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileIcon, UploadIcon } from './icons';

/** A local address for an image preview; null where the environment cannot make one (no preview then). */
function previewUrl(file: File): string | null {
  try {
    return URL.createObjectURL(file);
  } catch {
    return null;
  }
}

interface FilePickerProps {
  label: string;
  description?: string;
  error?: string | null;
  /** `accept` of the file input, e.g. `image/jpeg,image/png,application/pdf`. */
  accept: string;
  multiple?: boolean;
  /** The files chosen so far (the parent keeps them and checks them). */
  value: File[];
  /** The whole new selection: files added by the button or by dropping, or one removed. */
  onChange: (files: File[]) => void;
}

/**
 * The app's file field (not the browser's "Choose Files"): drop files on it or press its button,
 * see what was chosen (image previews, document names) and remove a file. Texts in the user's
 * language; the real file input stays in the page (hidden from assistive technology, which has the
 * button) for tests (`getByLabelText(label)`). **Copy:** `features/feed/components/post-composer.tsx`.
 */
export function FilePicker({
  label,
  description,
  error,
  accept,
  multiple = true,
  value,
  onChange,
}: FilePickerProps) {
  const { t } = useTranslation('web');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const add = (chosen: File[]) => {
    if (chosen.length === 0) return;
    onChange(multiple ? [...value, ...chosen] : chosen.slice(0, 1));
    if (input.current) input.current.value = '';
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    add(Array.from(e.dataTransfer.files));
  };

  const previews = useMemo(
    () => value.map((f) => (f.type.startsWith('image/') ? previewUrl(f) : null)),
    [value],
  );
  useEffect(() => () => previews.forEach((u) => u && URL.revokeObjectURL(u)), [previews]);

  const describedBy =
    [description ? `${id}-description` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') ||
    undefined;
  return (
    <Input.Wrapper label={label} description={description} error={error} id={id} labelProps={{ htmlFor: id }}>
      <Paper
        withBorder
        p="md"
        mt={4}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        style={{
          borderStyle: 'dashed',
          borderColor: error
            ? 'var(--mantine-color-error)'
            : dragging
              ? 'var(--mantine-primary-color-filled)'
              : undefined,
          background: dragging ? 'var(--mantine-primary-color-light)' : undefined,
        }}
      >
        <input
          ref={input}
          id={id}
          type="file"
          accept={accept}
          multiple={multiple}
          className="visually-hidden"
          tabIndex={-1}
          // The visible button below is the control; the input would be a second, unfocusable
          // "button" with the field's name in the accessibility tree (Chromium gives a file input
          // that role). Its label still points here, so a click on the label opens the chooser.
          aria-hidden
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => add(Array.from(e.currentTarget.files ?? []))}
        />
        <Group gap="sm" justify="center" wrap="wrap">
          <UploadIcon />
          <Text size="sm">{t('files.drop_here')}</Text>
          <Button
            variant="default"
            size="xs"
            onClick={() => input.current?.click()}
            aria-describedby={describedBy}
            // Named with its field, so two pickers in one form are two different buttons (the visible
            // text stays at the start of the name: WCAG 2.5.3).
            aria-label={t('files.choose_for', { label })}
          >
            {t('files.choose')}
          </Button>
        </Group>
      </Paper>
      {value.length > 0 && (
        <SimpleGrid
          cols={{ base: 2, xs: 3, sm: 5 }}
          spacing="xs"
          mt="xs"
          component="ul"
          aria-label={t('files.chosen')}
          style={{ listStyle: 'none', padding: 0 }}
        >
          {value.map((file, i) => (
            <Box component="li" key={`${file.name}-${i}`} pos="relative">
              <Paper withBorder p={4} h="100%">
                {previews[i] ? (
                  <Image src={previews[i]} alt={file.name} h={72} fit="cover" radius="sm" />
                ) : (
                  <Group h={72} justify="center">
                    <FileIcon size={28} />
                  </Group>
                )}
                <Text size="xs" truncate="end" title={file.name} mt={4}>
                  {file.name}
                </Text>
              </Paper>
              <ActionIcon
                variant="default"
                size="sm"
                pos="absolute"
                top={6}
                right={6}
                aria-label={t('files.remove', { name: file.name })}
                onClick={() => onChange(value.filter((_, j) => j !== i))}
              >
                ×
              </ActionIcon>
            </Box>
          ))}
        </SimpleGrid>
      )}
    </Input.Wrapper>
  );
}
