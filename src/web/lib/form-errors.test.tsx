import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { ToastContainer } from 'react-toastify';
import { ApiError, toApiError } from './api-client';
import { reportFormError, type FormErrorOptions } from './form-errors';

type Values = { email: string; name: string };
let fail: (err: unknown, opts: FormErrorOptions) => ReturnType<typeof reportFormError> = () =>
  undefined;

/** A form of two inputs whose submit fails with whatever the test hands to `fail`. */
function Form() {
  const { register, setError, formState } = useForm<Values>({
    defaultValues: { email: '', name: '' },
  });
  fail = (err, opts) => reportFormError(err, setError, opts);
  return (
    <form>
      <input aria-label="Email" {...register('email')} />
      {formState.errors.email && <p>{formState.errors.email.message}</p>}
      <input aria-label="Name" {...register('name')} />
      {formState.errors.name && <p>{formState.errors.name.message}</p>}
    </form>
  );
}

const setup = () =>
  render(
    <>
      <Form />
      <ToastContainer />
    </>,
  );
const validation = (fields: Record<string, string>) =>
  new ApiError(400, { message: 'Email is taken (email)', code: 'VALIDATION_FAILED', fields });

describe('reportFormError', () => {
  it('puts each server field under its input, focuses the first, and says the message once', async () => {
    setup();
    let report: ReturnType<typeof reportFormError>;
    act(
      () =>
        void (report = fail(validation({ email: 'Email is taken', name: 'Name is required' }), {
          fields: ['email', 'name'],
        })),
    );
    expect(await screen.findByText('Email is taken')).toBeTruthy();
    expect(screen.getByText('Name is required')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    expect(report!).toEqual({ message: 'Email is taken (email)', shown: ['email', 'name'] });
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Email is taken (email)',
    );
  });

  it('sends fields the form has no input for to the toast, so nothing the server said is lost', async () => {
    setup();
    act(
      () =>
        void fail(validation({ email: 'Email is taken', Size: 'At most 40 sizes' }), {
          fields: ['email', 'name'],
        }),
    );
    expect(await screen.findByText('Email is taken')).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Email is taken (email): At most 40 sizes',
    );
  });

  it('hands fields without an input to their own place (a file picker)', async () => {
    setup();
    const picked: string[] = [];
    act(
      () =>
        void fail(validation({ pdf: 'Not a PDF' }), {
          fields: ['email'],
          other: { pdf: (m) => picked.push(m) },
        }),
    );
    expect(picked).toEqual(['Not a PDF']);
  });

  it('uses the fallback text when the reply has no message of its own, never "Request failed (500)"', async () => {
    setup();
    const error = await toApiError(500, '');
    act(() => void fail(error, { fields: ['email'], fallback: 'Failed Update Record' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed Update Record');
  });

  it("keeps a bare {message} body's message, not the raw JSON", async () => {
    setup();
    const error = await toApiError(502, '{"message":"Mail server unreachable"}');
    act(
      () =>
        void fail(error, {
          fields: ['email'],
          fallback: 'Could not send',
        }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Mail server unreachable');
  });

  it('can say the message somewhere else, and stay quiet when the fields said it all', async () => {
    setup();
    const said: string[] = [];
    act(
      () =>
        void fail(validation({ email: 'Email is taken' }), {
          fields: ['email'],
          say: (m) => said.push(m),
          sayWhenFieldsShown: false,
        }),
    );
    expect(await screen.findByText('Email is taken')).toBeTruthy();
    const error = await toApiError(429, '{"message":"Too many requests","code":"RATE_LIMITED"}');
    act(
      () =>
        void fail(error, {
          fields: ['email'],
          say: (m) => said.push(m),
          sayWhenFieldsShown: false,
        }),
    );
    expect(said).toEqual(['Too many requests']);
  });

  it('says nothing for a reply that ended the session or a cancelled request', async () => {
    setup();
    const ended = new ApiError(401, { message: 'Session expired', code: 'UNAUTHENTICATED' });
    ended.endedSession = true;
    act(() => void fail(ended, { fields: [] }));
    act(() => void fail(new DOMException('cancelled', 'AbortError'), { fields: [] }));
    act(() => void fail(validation({}), { fields: [] }));
    await screen.findByRole('alert');
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
        'Email is taken (email)',
      ]),
    );
  });
});
