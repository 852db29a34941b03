import { List, Text } from '@mantine/core';
import { Fragment } from 'react';

/**
 * Renders a catalogue text: blank lines separate paragraphs, lines starting with "- " form a list.
 * Keeps long texts (privacy policy) in the one catalogue without markup.
 */
export function RichText({ text }: { text: string }) {
  const blocks = text.split(/\n\s*\n/);
  return (
    <>
      {blocks.map((block, i) => {
        const lines = block.split('\n');
        const items = lines.filter((l) => l.startsWith('- '));
        const prose = lines.filter((l) => !l.startsWith('- '));
        return (
          <Fragment key={i}>
            {prose.length > 0 && <Text mb="sm">{prose.join(' ')}</Text>}
            {items.length > 0 && (
              <List mb="sm" spacing={4}>
                {items.map((item) => (
                  <List.Item key={item}>{item.slice(2)}</List.Item>
                ))}
              </List>
            )}
          </Fragment>
        );
      })}
    </>
  );
}
