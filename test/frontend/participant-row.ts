import type { ParticipantView } from '@shared/contracts/annual-update-api';

/** A campaign participant as the manager's route lists them: nothing sent, no answer, unless `patch` says otherwise. */
export const participantRow = (patch: Partial<ParticipantView>): ParticipantView => ({
  parentId: '01JABCDEFGHJKMNPQRSTVWXYZ0',
  classes: [],
  unreachable: false,
  emailSent: false,
  emailsSent: 0,
  submitted: false,
  optedOut: false,
  sendFailures: 0,
  history: [],
  ...patch,
});
