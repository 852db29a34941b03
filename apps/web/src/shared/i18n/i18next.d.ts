import 'i18next';
import type { Catalogue } from '@legenett/contracts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'web';
    resources: Catalogue;
  }
}
