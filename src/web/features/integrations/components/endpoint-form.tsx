import { useState, type FormEvent } from 'react';
import {
  WEBHOOK_EVENTS,
  type WebhookEndpointInput,
} from '../../../../shared/contracts/integrations';
import { reportFormError, stateSetError, type FieldErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { useCreateEndpoint } from '../api/webhook-endpoints';
import { SecretNotice } from './secret-notice';

/** Adds an endpoint; the server checks the URL (https, public address) and answers the signing secret once. */
export function EndpointForm() {
  const create = useCreateEndpoint();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<string[]>([
    'pattern.published',
    'pattern.unpublished',
    'pattern.updated',
    'pattern.deleted',
    'pattern.restored',
  ]);
  const [secret, setSecret] = useState<string | null>(null);
  const [fields, setFields] = useState<FieldErrors>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = { url, description, events } as WebhookEndpointInput;
    setFields({});
    create.mutate(body, {
      onSuccess: (r) => {
        toast.success(r.message);
        setSecret(r.secret);
        setUrl('');
        setDescription('');
      },
      onError: (err) =>
        reportFormError(err, stateSetError(setFields), {
          fields: ['url', 'description', 'events'],
        }),
    });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6"
      aria-labelledby="add-endpoint-heading"
    >
      <h3 id="add-endpoint-heading" className="text-lg font-semibold text-ink">
        Add endpoint
      </h3>
      <TextField
        label="URL"
        required
        type="url"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        error={fields.url}
        placeholder="https://example.com/webhooks"
      />
      <TextField
        label="Description"
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        error={fields.description}
      />
      <fieldset className="flex flex-col gap-1">
        <legend className="text-sm font-medium text-gray-800">Events</legend>
        <div className="grid gap-1 sm:grid-cols-2">
          {WEBHOOK_EVENTS.map((ev) => (
            <label key={ev} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={events.includes(ev)}
                onChange={(e) =>
                  setEvents(e.target.checked ? [...events, ev] : events.filter((x) => x !== ev))
                }
              />
              <code>{ev}</code>
            </label>
          ))}
        </div>
        {fields.events && (
          <p className="text-sm text-red-700" role="alert">
            {fields.events}
          </p>
        )}
      </fieldset>
      <div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Adding…' : 'Add endpoint'}
        </Button>
      </div>
      {secret && (
        <SecretNotice label="Signing secret" value={secret} onDone={() => setSecret(null)} />
      )}
    </form>
  );
}
