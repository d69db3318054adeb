import type { TeamState } from './teamSlice';

/** Each selector reads only the team slice. */
type WithTeam = { team: TeamState };

export const selectMembers = (state: WithTeam) => state.team.members;
export const selectMembersStatus = (state: WithTeam) => state.team.membersStatus;
export const selectInvitations = (state: WithTeam) => state.team.invitations;
export const selectInvitationsStatus = (state: WithTeam) => state.team.invitationsStatus;
export const selectTeamMessage = (state: WithTeam) => state.team.message;
export const selectBusyForm = (state: WithTeam) => state.team.busyForm;
export const selectFormErrors = (state: WithTeam) => state.team.formErrors;
export const selectFormDone = (state: WithTeam) => state.team.formDone;
export const selectBusyMember = (state: WithTeam) => state.team.busyMember;
export const selectLeaving = (state: WithTeam) => state.team.leaving;
