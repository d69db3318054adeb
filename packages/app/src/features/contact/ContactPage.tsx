import type { FormEvent, ReactNode } from 'react';
import { Button, Card, PageHeader, TextArea, TextField } from '@inventory/ui';
import { AtSign, Mail, MapPin, Phone } from 'lucide-react';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { usePageTitle } from '../../page/usePageTitle';
import { useFormFields } from '../../forms/useFormFields';
import { contactRequested } from './contactSlice';
import { selectContactErrors, selectContactSending, selectContactSentCount } from './selectors';

/** The static contact-information panel. */
export const CONTACT_INFO = {
  phone: '+1 (555) 010-0199',
  email: 'support@inventory.example',
  location: 'Lagos, Nigeria',
  social: '@inventory_app',
} as const;

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

function ContactInfo() {
  return (
    <Card title="Our Contact Information">
      <p className="mb-4 text-ink-muted">Fill the form or reach us through the channels below.</p>
      <ul className="m-0 flex list-none flex-col gap-4 p-0">
        <InfoLine icon={<Phone />} label="Phone">
          <a href={`tel:${CONTACT_INFO.phone.replace(/[^+\d]/g, '')}`} className="text-brand-700 underline">
            {CONTACT_INFO.phone}
          </a>
        </InfoLine>
        <InfoLine icon={<Mail />} label="Email">
          <a href={`mailto:${CONTACT_INFO.email}`} className="text-brand-700 underline">
            {CONTACT_INFO.email}
          </a>
        </InfoLine>
        <InfoLine icon={<MapPin />} label="Location">
          {CONTACT_INFO.location}
        </InfoLine>
        <InfoLine icon={<AtSign />} label="Social">
          {CONTACT_INFO.social}
        </InfoLine>
      </ul>
    </Card>
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
