import { LIMITS, MESSAGES, NO_CONTACT_DETAILS } from '@inventory/contract';
import { expect } from 'vitest';
import { raw } from './client';
import type { Scenario } from './types';
import { expectMessage, register } from './users';

const CONTACT = '/api/contactus';

export const contactScenarios: Scenario[] = [
  {
    name: 'contactus details: signed out 401; signed in, only what the operator configured (nothing, by default)',
    async run(client) {
      expectMessage(await client.get(CONTACT), 401, MESSAGES.notAuthorized);
      await register(client, 'yara');
      const answer = await client.get(CONTACT);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(NO_CONTACT_DETAILS);
    },
  },
  {
    name: 'contactus: signed out 401; validates with the form messages; sends and answers 200 with the message',
    async run(client) {
      const message = { subject: 'Printer driver', message: 'The label printer driver fails on Windows 11.' };
      expectMessage(await client.post(CONTACT, message), 401, MESSAGES.notAuthorized);
      await register(client, 'xena');

      const cases: Array<[unknown, string]> = [
        [{ message: message.message }, MESSAGES.subjectRequired],
        [{ ...message, subject: '   ' }, MESSAGES.subjectRequired],
        [{ ...message, subject: 's'.repeat(LIMITS.subject + 1) }, MESSAGES.fieldTooLong('Subject', LIMITS.subject)],
        [{ subject: message.subject }, MESSAGES.messageRequired],
        [{ ...message, message: '' }, MESSAGES.messageRequired],
        [{ ...message, message: 'm'.repeat(LIMITS.message + 1) }, MESSAGES.fieldTooLong('Message', LIMITS.message)],
        [{ ...message, cc: 'boss@example.com' }, 'Unexpected field: cc'],
      ];
      for (const [body, expected] of cases) {
        expectMessage(await client.post(CONTACT, body), 400, expected);
      }
      expectMessage(await client.post(CONTACT, raw('{"subject":')), 400, MESSAGES.malformedJson);
      expectMessage(await client.post(CONTACT, message), 200, MESSAGES.contactSent);
    },
  },
];
