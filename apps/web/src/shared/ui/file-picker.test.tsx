import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { renderWithProviders, setupUser } from '@/testing/test-utils';
import { FilePicker } from './file-picker';

function Field() {
  const [files, setFiles] = useState<File[]>([]);
  return (
    <FilePicker
      label="Vedlegg"
      description="Inntil 5 filer"
      accept="image/png,application/pdf"
      value={files}
      onChange={setFiles}
    />
  );
}

const file = (name: string, type: string) => new File(['x'], name, { type });

describe('FilePicker', () => {
  it('adds chosen and dropped files, lists them by name and removes one', async () => {
    const user = setupUser();
    renderWithProviders(<Field />);
    expect(screen.getByRole('button', { name: 'Velg filer: Vedlegg' })).toBeInTheDocument();
    expect(screen.getByText('Dra filer hit, eller')).toBeInTheDocument();

    await user.upload(screen.getByLabelText('Vedlegg'), [file('plan.pdf', 'application/pdf')]);
    const zone = screen.getByText('Dra filer hit, eller').closest('.mantine-Paper-root')!;
    fireEvent.drop(zone, { dataTransfer: { files: [file('bilde.png', 'image/png')] } });

    const chosen = screen.getByRole('list', { name: 'Valgte filer' });
    expect(chosen).toHaveTextContent('plan.pdf');
    expect(chosen).toHaveTextContent('bilde.png');

    await user.click(screen.getByRole('button', { name: 'Fjern plan.pdf' }));
    expect(screen.getByRole('list', { name: 'Valgte filer' })).not.toHaveTextContent('plan.pdf');
    expect(screen.getByRole('list', { name: 'Valgte filer' })).toHaveTextContent('bilde.png');
  });
});
