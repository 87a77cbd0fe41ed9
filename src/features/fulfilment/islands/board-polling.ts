/**
 * The order board's polling (OrderBoard.tsx): every BOARD_POLL_MS, while the page is visible, it
 * asks for the board's version and reloads the board when the version moved, then announces how
 * many new orders arrived. Both requests are marked as background polls (X-Background-Poll), so
 * they do not keep the staff session alive (ADR 0112): a board nobody touches is signed out after
 * STAFF_IDLE_MINUTES, and the poll's 401 then shows the signed-out state (`onSignedOut`) and stops.
 */
import { type RefObject, useEffect } from 'react';
import { ApiError } from '#lib/http/api-client.ts';
import { BACKGROUND_POLL_HEADERS } from '#lib/http/background-poll.ts';
import { callRoute } from '#lib/http/client.ts';
import type { BoardJson, boardVersionRoute } from '../contract.ts';
import { countOrders } from './order-board-parts.tsx';

/** How often an open board asks whether anything changed, ms. */
export const BOARD_POLL_MS = 2500;

interface BoardPolling<F> {
  /** The board as shown now. */
  board: BoardJson;
  /** The version of the board as shown now. */
  version: RefObject<string>;
  /** The filters the board was last loaded with. */
  applied: RefObject<F>;
  /** The version request's query for those filters (the board's first day). */
  versionQuery: (filters: F) => Record<string, string>;
  /** Reloads the board with these filters, as a background poll; null when it could not be loaded. */
  load: (filters: F, background: boolean) => Promise<BoardJson | null>;
  /** Says what the reload brought, for screen readers. */
  onAnnounce: (text: string) => void;
  /** The staff session has ended (a 401). */
  onSignedOut: () => void;
  /** False stops the polling (the board is signed out). */
  active: boolean;
}

/** Polls the board's version and reloads the board when it moves. */
export function useBoardPolling<F>({
  board,
  version,
  applied,
  versionQuery,
  load,
  onAnnounce,
  onSignedOut,
  active,
}: BoardPolling<F>): void {
  useEffect(() => {
    if (!active) return;
    let stopped = false;
    const timer = setInterval(async () => {
      if (document.hidden) return;
      try {
        const { data } = await callRoute<typeof boardVersionRoute>('GET /api/admin/board/version', {
          query: versionQuery(applied.current),
          headers: { ...BACKGROUND_POLL_HEADERS },
        });
        if (stopped || data.version === version.current) return;
        const before = countOrders(board);
        const fresh = await load(applied.current, true);
        if (fresh) {
          const added = countOrders(fresh) - before;
          onAnnounce(
            added > 0 ? `${added} new ${added === 1 ? 'order' : 'orders'} on the board.` : 'The board was updated.',
          );
        }
      } catch (err) {
        if (!stopped && err instanceof ApiError && err.status === 401) onSignedOut();
      }
    }, BOARD_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [board, version, applied, versionQuery, load, onAnnounce, onSignedOut, active]);
}
