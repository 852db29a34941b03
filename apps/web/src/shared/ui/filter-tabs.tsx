import { Tabs, type TabsProps } from '@mantine/core';
import { type ReactNode } from 'react';
import { usePhone } from './use-phone';

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
  const phone = usePhone();
  return (
    <Tabs value={value} onChange={(v) => v !== null && onChange(v as V)} {...rest}>
      {/*
       * Every tab in sight (issue 42: a row that scrolled sideways hid "Arkiverte" past a phone's
       * edge, with nothing to tell it was there): on a phone the tabs are narrower, so five fit in
       * 390 px, and a row that still does not fit wraps rather than hiding its last tabs.
       */}
      <Tabs.List aria-label={label} style={{ flexWrap: 'wrap' }}>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value} px={phone ? 'xs' : undefined} style={{ whiteSpace: 'nowrap' }}>
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
