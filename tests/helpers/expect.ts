/** The assertions API tests share: a status with the body it came with, and the error shape every 4xx has. */
import { expect } from "vitest";
import type { Client } from "./api.ts";

export type Res = Awaited<ReturnType<Client["get"]>>;
export type Body = Record<string, any>;

/** Asserts the status (the body in the message when it differs) and hands back the body. */
export function expectStatus(res: Res, status: number) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body;
}

/** The status and the whole error body, exactly. */
export function expectError(res: Res, status: number, body: Body) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toEqual(body);
}

/** A 400 naming one field, and only that one: `{ message, errors: [{ path, message }] }`. */
export const expectOnlyError = (res: Res, path: string, message: string) => expectError(res, 400, { message, errors: [{ path, message }] });
