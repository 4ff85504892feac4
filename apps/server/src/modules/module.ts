import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import type { ChangeFeed } from '../db/change-feed';
import type { Executor } from '../db/client';
import type { EndpointDeps } from '../http/endpoint';
import type { GuestTokens } from '../http/session-cookie';
import type { SocketRoutes } from '../http/sockets';
import type { Clock } from '../lib/clock';
import type { RateLimiter } from '../lib/rate-limit';
import type { Mailer } from '../mail/mailer';
import type { AuditService } from './platform/audit/audit.service';
import type { JobRegistry, JobSender } from './platform/jobs/jobs.service';

/** What every module may ask for: the database, the clock, configuration and the shared platform services. */
export interface Platform {
  db: Executor;
  clock: Clock;
  config: AppConfig;
  /** The database's change feed; without it nothing is cached. */
  changes: ChangeFeed | undefined;
  mailer: Mailer;
  limiter: RateLimiter;
  audit: AuditService;
  /** Enqueues background jobs (pg-boss); handlers and schedules are registered through a module's `jobs`. */
  jobs: JobSender;
}

/** What a routes file receives besides its own service: the app and what the access hook needs. */
/** What routes files register on: the Fastify instance, and what endpoint registration needs (hosts, idempotency). */
export interface RouteHost extends EndpointDeps {
  app: FastifyInstance;
  db: Executor;
  secureCookies: boolean;
  guestTokens: GuestTokens;
  /** Where WebSocket routes are registered: their own context, so other routes carry none of the socket plugin's hooks. */
  sockets: SocketRoutes;
}

/**
 * One capability: it declares what it needs (`Deps`, a narrow type: a few platform services and the
 * services of the modules it uses) and offers its service under its name; its routes reach that service only.
 * `create` is a property, not a method, so a module whose needs are not met does not type-check in the list.
 */
export interface Module<Name extends string, Deps, Service> {
  name: Name;
  create: (deps: Deps) => Service;
  routes?: (host: RouteHost, service: Service) => void;
  /** Registers the module's background job handlers and schedules, which call its own service. */
  jobs?: (jobs: JobRegistry, service: Service) => void;
}

export const defineModule = <Name extends string, Deps, Service>(module: Module<Name, Deps, Service>) => module;

/** Builds the modules in list order; each one sees the platform and the services of the modules before it. */
export interface Composition<Provided> {
  use<Name extends string, Service>(module: Module<Name, Provided, Service>): Composition<Provided & Record<Name, Service>>;
  /** Every service by its module's name. */
  services: Provided;
  /** Registers the routes of every module, in list order. */
  registerRoutes(host: RouteHost): void;
  /** Registers the job handlers and schedules of every module, in list order. */
  registerJobs(jobs: JobRegistry): void;
}

interface Registrations {
  routes: ((host: RouteHost) => void)[];
  jobs: ((jobs: JobRegistry) => void)[];
}

export function compose<Provided extends object>(provided: Provided, registrations: Registrations = { routes: [], jobs: [] }): Composition<Provided> {
  return {
    use<Name extends string, Service>(module: Module<Name, Provided, Service>) {
      const service = module.create(provided);
      const next = { ...provided, [module.name]: service } as Provided & Record<Name, Service>;
      const { routes, jobs } = module;
      return compose(next, {
        routes: routes ? [...registrations.routes, (host: RouteHost) => routes(host, service)] : registrations.routes,
        jobs: jobs ? [...registrations.jobs, (registry: JobRegistry) => jobs(registry, service)] : registrations.jobs,
      });
    },
    services: provided,
    registerRoutes(host: RouteHost) {
      for (const register of registrations.routes) register(host);
    },
    registerJobs(jobs: JobRegistry) {
      for (const register of registrations.jobs) register(jobs);
    },
  };
}
