import { useEffect, type FormEvent, type ReactNode } from 'react';
import { MESSAGES, telHref, type ContactDetails } from '@inventory/contract/rules';
import { Button, Card, ErrorState, PageHeader, TextArea, TextField } from '@inventory/ui';
import { AtSign, Mail, MapPin, Phone } from 'lucide-react';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { usePageTitle } from '../../page/usePageTitle';
import { useFormFields } from '../../forms/useFormFields';
import { contactDetailsRequested, contactRequested } from './contactSlice';
import {
  selectContactDetails,
  selectContactDetailsStatus,
  selectContactErrors,
  selectContactSending,
  selectContactSentCount,
} from './selectors';

function ContactForm() {
  const dispatch = useAppDispatch();
  const sending = useAppSelector(selectContactSending);
  const errors = useAppSelector(selectContactErrors);
  const [values, onChange] = useFormFields({ subject: '', message: '' }, 'contact');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(contactRequested(values));
  };

  return (
    <Card title="Send us a message">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <TextField
          label="Subject"
          name="subject"
          required
          value={values.subject}
          onChange={onChange}
          error={errors.subject}
        />
        <TextArea
          label="Message"
          name="message"
          rows={8}
          required
          value={values.message}
          onChange={onChange}
          error={errors.message}
        />
        <div>
          <Button type="submit" loading={sending}>
            Send Message
          </Button>
        </div>
      </form>
    </Card>
  );
}

function InfoLine({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className="flex items-start gap-3">
      <span aria-hidden="true" className="mt-0.5 text-brand-600 [&_svg]:size-5">
        {icon}
      </span>
      <span className="flex flex-col">
        <span className="text-sm font-semibold text-ink">{label}</span>
        <span className="text-ink-muted">{children}</span>
      </span>
    </li>
  );
}

/** The operator's contact details: only what the server is configured with (CONTACT_* settings). */
function ContactInfo() {
  const dispatch = useAppDispatch();
  const details = useAppSelector(selectContactDetails);
  const status = useAppSelector(selectContactDetailsStatus);
  useEffect(() => {
    dispatch(contactDetailsRequested());
  }, [dispatch]);

  return (
    <Card title="Our Contact Information">
      {status === 'failed' ? (
        <ErrorState message={MESSAGES.genericError} onRetry={() => dispatch(contactDetailsRequested())} />
      ) : !details ? (
        <p className="text-ink-muted" aria-busy="true">
          Loading contact details…
        </p>
      ) : (
        <ContactLines details={details} />
      )}
    </Card>
  );
}

function ContactLines({ details }: { details: ContactDetails }) {
  const { email, phone, address, social } = details;
  if (!email && !phone && !address && !social) {
    return <p className="text-ink-muted">No contact details have been published here. Use the form to write to us.</p>;
  }
  return (
    <>
      <p className="mb-4 text-ink-muted">Fill the form or reach us through the channels below.</p>
      <ul className="m-0 flex list-none flex-col gap-4 p-0">
        {phone && (
          <InfoLine icon={<Phone />} label="Phone">
            <a href={telHref(phone)} className="text-brand-700 underline">
              {phone}
            </a>
          </InfoLine>
        )}
        {email && (
          <InfoLine icon={<Mail />} label="Email">
            <a href={`mailto:${email}`} className="break-all text-brand-700 underline">
              {email}
            </a>
          </InfoLine>
        )}
        {address && (
          <InfoLine icon={<MapPin />} label="Location">
            {address}
          </InfoLine>
        )}
        {social && (
          <InfoLine icon={<AtSign />} label="Social">
            {social}
          </InfoLine>
        )}
      </ul>
    </>
  );
}

/** /contact-us, 'Report Bug' in the sidebar: subject and message, next to the contact information. */
export function ContactPage() {
  usePageTitle('Contact Us');
  const sentCount = useAppSelector(selectContactSentCount);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Contact Us" className="mb-0" />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        {/* A sent message starts a fresh, empty form. */}
        <ContactForm key={sentCount} />
        <ContactInfo />
      </div>
    </div>
  );
}
