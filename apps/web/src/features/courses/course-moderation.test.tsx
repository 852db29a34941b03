import { type AdminCourse, authEndpoints, courseEndpoints } from '@legenett/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { mockEndpoint, validationError } from '@/testing/api-mocks';
import { testCourse } from '@/testing/courses';
import { renderApp, setupUser } from '@/testing/test-utils';
import { logIn, testUser } from '@/testing/users';

const admin = testUser({ roles: ['admin'] });

const submitted: AdminCourse = {
  ...testCourse({ id: 41, title: 'Astma hos barn', status: 'submitted' }),
  organiser: { id: 9, first_name: 'Ola', last_name: 'Arrangør', email: 'ola@test.no' },
  decisions: [],
};

const queue = (data: AdminCourse[]) => ({ data, meta: { current_page: 1, last_page: 1, per_page: 10, total: data.length } });

describe('course moderation: the reject dialog on the form kit', () => {
  beforeEach(() => {
    logIn(admin);
    mockEndpoint(authEndpoints.me, { data: admin });
    mockEndpoint(courseEndpoints.adminQueue, queue([submitted]));
  });

  it("checks the reason by the contract in the browser, shows the API's 422 beside it, and closes once rejected", async () => {
    const user = setupUser();
    let refuse = true;
    const rejects = mockEndpoint(courseEndpoints.reject, () =>
      refuse ? validationError({ reason: ['Begrunnelsen må forklare hva som mangler.'] }) : { data: { ...submitted, status: 'rejected' as const } },
    );
    renderApp('/admin/courses');
    const item = await screen.findByRole('article', { name: 'Astma hos barn' });
    await user.click(within(item).getByRole('button', { name: 'Avvis' }));
    const dialog = await screen.findByRole('dialog', { name: 'Avvis' });
    const reason = within(dialog).getByRole('textbox', { name: /Begrunnelse/ });

    // CourseRejectBody: at least 3 characters, checked before anything is sent.
    await user.type(reason, 'Ne');
    await user.click(within(dialog).getByRole('button', { name: 'Avvis' }));
    await waitFor(() => expect(reason).toHaveAttribute('aria-invalid', 'true'));
    expect(rejects).toHaveLength(0);

    // A 422 stands beside the field (and in a toast); the dialog stays open.
    await user.type(reason, 'i, mangler program');
    await user.click(within(dialog).getByRole('button', { name: 'Avvis' }));
    await waitFor(() => expect(screen.getAllByText('Begrunnelsen må forklare hva som mangler.')).toHaveLength(2));
    expect(reason).toHaveAccessibleDescription('Begrunnelsen må forklare hva som mangler.');
    expect(rejects.map((c) => [c.params.id, c.body])).toEqual([['41', { reason: 'Nei, mangler program' }]]);

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Avvis' }));
    expect(await screen.findByText('Kurset er avvist.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Avvis' })).not.toBeInTheDocument());
    expect(rejects).toHaveLength(2);
  });
});
