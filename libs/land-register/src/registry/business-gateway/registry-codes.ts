/** The poll answered for a MessageID the registry never received (the registry test environment's rejection code; the pack gives none). */
export const unknownRequestCode = 'bg.poll.request.notfound';
