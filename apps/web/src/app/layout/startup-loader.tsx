import { Center, Loader } from '@mantine/core';

/** Shown while the first page's chunk loads, before the layout can render. */
export function StartupLoader() {
  return (
    <Center h="100dvh" role="status" aria-label="Legenett">
      <Loader />
    </Center>
  );
}
