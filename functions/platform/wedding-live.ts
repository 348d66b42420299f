import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env.ts";
import { log } from "./log.ts";

/**
 * Live planning (issue 33, docs/decisions/0052-plan-together-live.md): one Durable Object per
 * wedding (`WEDDING_LIVE.idFromName(weddingId)`) holds the WebSockets of the wedding's open guest
 * list, budget and checklist pages, with the Hibernation API: the object is evicted from memory
 * between messages while the sockets stay open, so an idle wedding costs no duration.
 *
 * - A socket is accepted only through the Worker's upgrade route (GET /api/v1/weddings/live), which
 *   has checked the session and the membership first; it is tagged with its member's account.
 * - Every write of those areas tells the object after its D1 batch committed (`changed`): it sends
 *   `{ type: "changed", area, by }` to every socket of the wedding, and the pages revalidate.
 * - Removing a co-planner closes their sockets at once (`removed`, close code 4403); a message
 *   from a socket whose member is no longer in the wedding is refused the same way. "ping" is
 *   answered "pong" without waking the object.
 */

/** The account of an accepted socket's member, set by the upgrade route (never by the browser). */
export const LIVE_MEMBER_HEADER = "X-Mandap-Live-Member";
export const LIVE_WEDDING_HEADER = "X-Mandap-Live-Wedding";
/** The close code of a socket whose member was removed from the wedding. */
export const LIVE_REMOVED = 4403;

export type LiveNotice = { area: string; by: string; byId: string };
type Attachment = { userId: string; weddingId: string };

const memberTag = (userId: string) => `member:${userId}`;

export class WeddingLive extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  /** The upgrade, forwarded by the Worker's route after its checks. */
  override async fetch(request: Request): Promise<Response> {
    const userId = request.headers.get(LIVE_MEMBER_HEADER);
    const weddingId = request.headers.get(LIVE_WEDDING_HEADER);
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket" || !userId || !weddingId) return new Response(null, { status: 426 });
    const pair = new WebSocketPair();
    const server = pair[1];
    this.ctx.acceptWebSocket(server, [memberTag(userId)]);
    server.serializeAttachment({ userId, weddingId } satisfies Attachment);
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  /**
   * An area of the wedding changed: every open page of it hears so, and by whom. The author's own
   * pages hear `mine: true` (another tab of theirs refreshes too, without telling them what they did).
   * Answers how many sockets were told.
   */
  changed(notice: LiveNotice): number {
    const text = (mine: boolean) => JSON.stringify({ type: "changed", area: notice.area, by: notice.by, mine });
    let told = 0;
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.send(text((ws.deserializeAttachment() as Attachment | null)?.userId === notice.byId));
        told++;
      } catch {
        // A socket closing as we send: it will not be told.
      }
    }
    return told;
  }

  /** A member left or was removed: their open pages stop listening at once. Answers how many sockets were closed. */
  removed(userId: string): number {
    const sockets = this.ctx.getWebSockets(memberTag(userId));
    for (const ws of sockets) ws.close(LIVE_REMOVED, "removed from the wedding");
    return sockets.length;
  }

  /** How many pages of the wedding listen (for tests and the bench). */
  listening(): number {
    return this.ctx.getWebSockets().length;
  }

  /** The pages send nothing but "ping" (answered without waking the object); anything else is answered only while the sender still plans the wedding. */
  override async webSocketMessage(ws: WebSocket, _message: string | ArrayBuffer): Promise<void> {
    const { userId, weddingId } = ws.deserializeAttachment() as Attachment;
    const member = await this.env.DB.prepare("SELECT 1 AS yes FROM wedding_members WHERE wedding_id = ? AND user_id = ?").bind(weddingId, userId).first();
    if (!member) {
      ws.send(JSON.stringify({ type: "refused" }));
      ws.close(LIVE_REMOVED, "removed from the wedding");
      return;
    }
    ws.send(JSON.stringify({ type: "pong" }));
  }

  override webSocketClose(ws: WebSocket, code: number, reason: string): void {
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, reason);
    } catch {
      // Already closed.
    }
  }

  override webSocketError(_ws: WebSocket, error: unknown): void {
    log.warn("wedding live socket error", { error: String(error) });
  }
}

/** The domain's port to the wedding's object (functions/domain/core/context.ts WeddingLivePort), or null without the binding. */
export function weddingLiveFor(env: Env) {
  const ns = env.WEDDING_LIVE;
  if (!ns) return undefined;
  const stub = (weddingId: string) => ns.get(ns.idFromName(weddingId));
  return {
    changed: async (weddingId: string, notice: LiveNotice) => {
      await stub(weddingId).changed(notice);
    },
    removed: async (weddingId: string, userId: string) => {
      await stub(weddingId).removed(userId);
    },
    /** Hands an upgrade request (already checked) to the wedding's object. */
    connect: async (weddingId: string, userId: string, request: Request) => {
      const headers = new Headers(request.headers);
      headers.set(LIVE_MEMBER_HEADER, userId);
      headers.set(LIVE_WEDDING_HEADER, weddingId);
      const answer = await stub(weddingId).fetch(new Request(request.url, { headers }));
      // A fetched Response's headers are immutable; the Worker's own layers add theirs (request id, security headers).
      return new Response(null, { status: answer.status, headers: new Headers(answer.headers), webSocket: answer.webSocket });
    },
  };
}
