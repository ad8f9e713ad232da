import 'vitest';

/** What the global setup hands every test file through `inject('stack')`. */
export interface StackUnderTest {
  apiUrl: string;
  dbUrl: string;
  webUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  publishableKey: string;
  secretKey: string;
  jwtSecret: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackUnderTest;
  }
}
