import type { MatrixRow, Statuses } from './access-table.ts';

/** The operations probes of the authorization table: liveness and readiness answer anyone, token or not. */
const PUBLIC: Statuses = [200, 200, 200, 200, 200, 200, 200];

export const opsRows: MatrixRow[] = [
  { route: 'GET /api/health/live', expect: PUBLIC, request: () => ({ url: '/api/health/live' }) },
  { route: 'GET /api/health/ready', expect: PUBLIC, request: () => ({ url: '/api/health/ready' }) },
];
