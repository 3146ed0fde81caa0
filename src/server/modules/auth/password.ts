import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";

/** CONTRACT.md section 6: scrypt with N=2^17, r=8, p=1. Tests may lower N; the stored hash records it. */
export const DEFAULT_SCRYPT_N = 2 ** 17;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, options, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

function optionsFor(N: number, r: number, p: number): ScryptOptions {
  return { N, r, p, maxmem: 256 * N * r + 1024 * 1024 };
}

/** Format: scrypt$N$r$p$saltBase64$hashBase64 */
export async function hashPassword(password: string, N = DEFAULT_SCRYPT_N): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, optionsFor(N, 8, 1));
  return `scrypt$${N}$8$1$${salt.toString("base64")}$${key.toString("base64")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const key = await derive(
    password,
    Buffer.from(salt, "base64"),
    optionsFor(Number(n), Number(r), Number(p)),
  );
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Parameters recorded in a stored hash (for the test that production uses the contract's cost). */
export function hashParameters(stored: string): { N: number; r: number; p: number } {
  const [, n, r, p] = stored.split("$");
  return { N: Number(n), r: Number(r), p: Number(p) };
}
