/**
 * The fulfilment feature's route declarations (staff only; ADR 0061), the one declaration of each, shared by
 * the server (routes.ts), the islands (types only) and the OpenAPI document: the board, a rider's deliveries,
 * one order, its moves, cancel, rider and packing (staff-order-contract.ts, with the answers' shapes in
 * staff-order-schema.ts), the door — a delivery's outcome, its undo, rescheduling, the riders' cash handover
 * (door-contract.ts) — and the picking list (picking-contract.ts). Zod only.
 */
export * from './door-contract.ts';
export * from './picking-contract.ts';
export * from './staff-order-contract.ts';
export * from './staff-order-schema.ts';
