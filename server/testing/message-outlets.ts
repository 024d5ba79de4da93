import { afterAll } from 'vitest';
import { startSmtpServer, type TestSmtpServer } from './mail.ts';
import { startSmppGateway, type GatewayBehaviour, type TestSmppGateway } from './smpp-gateway.ts';

// Kept apart from mail.ts and smpp-gateway.ts, which the browser journeys and the benchmarks import
// outside vitest.

/** An SMTP server for a test file: started now, closed after the file's tests. */
export async function useSmtpServer(): Promise<TestSmtpServer> {
  const server = await startSmtpServer();
  afterAll(() => server.close());
  return server;
}

/** An SMPP gateway for a test file: started now, closed after the file's tests. */
export async function useSmppGateway(behaviour: GatewayBehaviour = {}): Promise<TestSmppGateway> {
  const gateway = await startSmppGateway(behaviour);
  afterAll(() => gateway.close());
  return gateway;
}
