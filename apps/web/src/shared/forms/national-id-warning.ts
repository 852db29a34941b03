import { NATIONAL_ID_ACCOUNT_MESSAGE, nationalIdMessage } from '@legenett/contracts';
import { useTranslation } from 'react-i18next';

/**
 * The patient-data guard's warning while typing (the API's rule: `nationalIdMessage` from the
 * contracts, docs/patient-data-guard.md): the field's message in the user's language, or undefined
 * when the text holds no national identity number. For texts outside a contract form (a contract
 * form's resolver reports the same message from the schema).
 */
export function useNationalIdWarning(text: string): string | undefined {
  const { t } = useTranslation('validation');
  const key = nationalIdMessage(text);
  if (key === null) return undefined;
  return key === NATIONAL_ID_ACCOUNT_MESSAGE ? t('national_id_account') : t('national_id');
}
