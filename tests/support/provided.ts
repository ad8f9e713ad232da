import 'vitest';

/** What the global setup hands every test file through `inject('stack')`. */
export interface StackUnderTest {
  apiUrl: string;
  dbUrl: string;
  /** The production web server over the latest build, as `npm start` serves it. */
  webUrl: string;
  /** Vite's dev server, as `npm run dev` serves it. */
  devUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  publishableKey: string;
  secretKey: string;
  jwtSecret: string;
  /** The mail catcher's Mailpit API (every mail Auth sends lands there). */
  mailUrl: string;
  /** Where the local Storage service keeps object contents. */
  storageDir: string;
  /** The stack's Web Push keys (generated with its data), which the functions sign with. */
  vapid: { publicKey: string; privateKey: string; subject: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackUnderTest;
  }
}
