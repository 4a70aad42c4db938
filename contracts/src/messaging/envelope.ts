import { Candidate } from '../rest/errors';
import { z } from '../zod';

/**
 * A command to send on once this one is answered (see `MessageMetadata.then`), and, nested, the one to send on after
 * that: a call charged `reserve_first` is a chain of three (the reservation, the work, the capture).
 */
export type HandOff = { topic: string; key: string; type: string; data?: unknown; then?: HandOff };
export const HandOff: z.ZodType<HandOff> = z.object({
  topic: z.string().min(1),
  key: z.string().min(1),
  type: z.string().min(1),
  data: z.unknown(),
  get then() {
    return HandOff.optional();
  },
});

/** Who asked, why, and how this message relates to the request that started it. Trace context travels in headers. */
export const MessageMetadata = z.object({
  correlationId: z.string().min(1),
  causationId: z.string().optional(),
  requestId: z.string().optional(),
  actor: z.string().min(1),
  issuedAt: z.string().datetime({ offset: true }),
  /** Topic the handler answers on; absent for fire-and-forget commands. */
  replyTo: z.string().optional(),
  /** After this instant nobody waits for the answer, so a handler may drop the command. */
  deadline: z.string().datetime({ offset: true }).optional(),
  /**
   * A hand-off: a handler that answers this command successfully sends `then` on (same id, same reply topic), with its
   * answer as `answer`, instead of replying; whoever handles `then` replies, carrying the answer back. Work charged on
   * its answer is handed to the ledger this way, so the charge needs no round trip of its own. A `then` of its own is
   * sent on in turn by whoever handles this one's `then` (the reservation hands on the work, the work the capture).
   */
  then: HandOff.optional(),
  /** The answer of the work a handed-off command follows; its handler echoes it in its reply. */
  answer: z.unknown().optional(),
});
export type MessageMetadata = z.infer<typeof MessageMetadata>;

/** A command names its reply's shape, so a requester gets a typed answer. */
export interface CommandSpec<T extends string, D extends z.ZodTypeAny, R extends z.ZodTypeAny> {
  type: T;
  data: D;
  reply: R;
  envelope: z.ZodType<{ id: string; type: T; data: z.output<D>; metadata: MessageMetadata }>;
}

export const defineCommand = <T extends string, D extends z.ZodTypeAny, R extends z.ZodTypeAny>(
  type: T,
  data: D,
  reply: R,
): CommandSpec<T, D, R> => ({
  type,
  data,
  reply,
  envelope: z.object({
    id: z.string().uuid(),
    type: z.literal(type),
    data,
    metadata: MessageMetadata,
  }) as unknown as CommandSpec<T, D, R>['envelope'],
});

export type CommandOf<S> =
  S extends CommandSpec<infer T, infer D, z.ZodTypeAny> ? { id: string; type: T; data: z.output<D>; metadata: MessageMetadata } : never;
/** What a command carries, as its handler reads it. */
export type DataOf<S> = S extends CommandSpec<string, infer D, z.ZodTypeAny> ? z.output<D> : never;
export type ReplyOf<S> = S extends CommandSpec<string, z.ZodTypeAny, infer R> ? z.output<R> : never;

/** Any command on the wire, before it is matched to its spec. */
export const AnyCommand = z.object({
  id: z.string().uuid(),
  type: z.string().min(1),
  data: z.unknown(),
  metadata: MessageMetadata,
});
export type AnyCommand = z.infer<typeof AnyCommand>;

/** The answer to a command: either `data` of the command's reply shape, or a domain error. */
export const Reply = z.object({
  inReplyTo: z.string().uuid(),
  ok: z.boolean(),
  data: z.unknown().optional(),
  error: z
    .object({
      code: z.string(),
      message: z.string(),
      /** For a refusal that passes: when to try again (ISO 8601). */
      retryAfter: z.string().datetime({ offset: true }).optional(),
      /** For an ambiguous match: the matches, each to be asked for by itself (see `Candidate`). */
      candidates: z.array(Candidate).optional(),
      /** Which inputs were wrong, as the REST error's `details` says it. */
      details: z.string().optional(),
    })
    .optional(),
  handledBy: z.string(),
  /** The answer carried by a handed-off command (see `MessageMetadata.then`), given back with the reply. */
  answer: z.unknown().optional(),
});
export type Reply = z.infer<typeof Reply>;

/** Every service answers Ping on its command topic; the gateway's health check uses it. */
export const Ping = defineCommand('Ping', z.object({}), z.object({ service: z.string(), uptimeMs: z.number() }));
