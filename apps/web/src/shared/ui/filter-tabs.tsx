import { Tabs, type TabsProps } from '@mantine/core';
import { type ReactNode } from 'react';

export interface FilterTab<V extends string> {
  value: V;
  label: ReactNode;
}

interface FilterTabsProps<V extends string> extends Omit<TabsProps, 'value' | 'onChange' | 'children'> {
  value: V;
  tabs: readonly FilterTab<V>[];
  onChange: (value: V) => void;
  /** Accessible name of the tab list. */
  label: string;
  /** What the active tab shows (a list, usually). */
  children: ReactNode;
}

/**
 * Tabs that filter one list (`/my_jobs` current | past, the admin queue's statuses, course and
 * petition tabs): every tab controls a real panel, so assistive technology finds what a tab shows
 * (`aria-controls` never points at nothing), and only the active panel renders its content.
 */
export function FilterTabs<V extends string>({
  value,
  tabs,
  onChange,
  label,
  children,
  ...rest
}: FilterTabsProps<V>) {
  return (
    <Tabs value={value} onChange={(v) => v !== null && onChange(v as V)} {...rest}>
      {/* One row that scrolls sideways on a phone (as app tab bars do), never a second row of tabs. */}
      <Tabs.List
        aria-label={label}
        style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden', scrollbarWidth: 'thin' }}
      >
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value} style={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value} pt="md">
          {tab.value === value ? children : null}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
