import { html, type Html } from './html';
import { layout, money, type StorePage } from './storefront.layout';

/** A service as the booking pages show it. */
export interface BookableService {
  id: string;
  name: string;
  description: string;
  durationMinutes: number;
  price: number;
  currency: string;
}

/** A booking as the customer's page shows it. */
export interface CustomerBooking {
  serviceName: string;
  staffName: string;
  startsAt: Date;
  endsAt: Date;
  status: 'confirmed' | 'cancelled';
  customerName: string;
  price: number;
  currency: string;
}

export interface SlotChoice {
  start: Date;
}

export interface CustomerValues {
  name: string;
  email: string;
  phone: string;
}

const fmt = (zone: string, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-GB', { timeZone: zone, ...options });
export const timeOf = (at: Date, zone: string) => fmt(zone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
export const dayLabel = (at: Date, zone: string) => fmt(zone, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(at);
const dateLabel = (date: string) => fmt('UTC', { weekday: 'short', day: 'numeric', month: 'short' }).format(new Date(`${date}T12:00:00Z`));

const priceOf = (s: { price: number; currency: string }) => (s.price > 0 ? `${money(s.price, s.currency)}, paid at the appointment` : 'Free');
const durationOf = (minutes: number) =>
  minutes % 60 === 0 ? `${minutes / 60} h` : minutes > 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} min`;

const STYLE = html`<style>
  .slots {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    list-style: none;
    padding: 0;
    margin: 0.5rem 0;
  }
  .slots button {
    min-width: 5.5rem;
  }
  .days {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    list-style: none;
    padding: 0;
  }
  .days a {
    display: inline-block;
    min-height: 44px;
    padding: 0.6rem 0.75rem;
    border: 1px solid #dee2e6;
    border-radius: 6px;
    text-decoration: none;
  }
  .days a[aria-current] {
    background: #1c5bd6;
    color: #fff;
    border-color: #1c5bd6;
  }
  .booking dt {
    font-weight: 600;
  }
  .booking dd {
    margin: 0 0 0.5rem;
  }
</style>`;

/** `/booking`: the active services, each linking to its page. */
export function bookingHomePage(store: StorePage, services: BookableService[]): string {
  return layout(
    store,
    { title: 'Book an appointment', description: `Book an appointment with ${store.name}.`, path: '/booking' },
    html`<h1>Book an appointment</h1>
      <ul class="grid">
        ${services.map(
          (s) =>
            html`<li class="card">
              <a href="/booking/services/${s.id}">${s.name}</a>
              <p class="muted">${durationOf(s.durationMinutes)} · ${priceOf(s)}</p>
              ${s.description ? html`<p>${s.description}</p>` : null}
            </li>`,
        )}
      </ul>`,
  );
}

function dayPicker(action: string, date: string, days: string[], first: string, last: string): Html {
  return html`<form method="get" action="${action}">
      <label for="booking-date">Date</label>
      <input id="booking-date" type="date" name="date" value="${date}" min="${first}" max="${last}" required />
      <button type="submit" class="secondary">Show times</button>
    </form>
    <nav aria-label="Next days">
      <ul class="days">
        ${days.map((d) => html`<li><a href="${action}?date=${d}" ${d === date ? html`aria-current="date"` : null}>${dateLabel(d)}</a></li>`)}
      </ul>
    </nav>`;
}

function slotButtons(slots: SlotChoice[], zone: string, name: string): Html {
  return slots.length > 0
    ? html`<fieldset>
        <legend>Choose a time</legend>
        <ul class="slots">
          ${slots.map((s) => html`<li><button type="submit" name="${name}" value="${s.start.toISOString()}">${timeOf(s.start, zone)}</button></li>`)}
        </ul>
      </fieldset>`
    : html`<p role="status">No free times on this day. Try another day.</p>`;
}

const fieldError = (errors: Record<string, string>, key: string) => (errors[key] ? html`<p class="error" id="${key}-error">${errors[key]}</p>` : null);
const describedBy = (errors: Record<string, string>, key: string) => (errors[key] ? html`aria-describedby="${key}-error" aria-invalid="true"` : null);

/** A service's page: a day, its free times as buttons that post the customer's details with the chosen time. */
export function bookingServicePage(
  store: StorePage,
  service: BookableService,
  view: {
    zone: string;
    date: string;
    first: string;
    last: string;
    days: string[];
    slots: SlotChoice[];
    values: CustomerValues;
    errors: Record<string, string>;
  },
): string {
  const { errors, values } = view;
  const path = `/booking/services/${service.id}`;
  return layout(
    store,
    { title: service.name, description: service.description || `Book ${service.name} with ${store.name}.`, path },
    html`${STYLE}
      <p><a href="/booking">All services</a></p>
      <h1>${service.name}</h1>
      <p class="muted">${durationOf(service.durationMinutes)} · ${priceOf(service)}</p>
      ${service.description ? html`<p>${service.description}</p>` : null}
      ${errors['start'] ? html`<p class="notice" role="alert">${errors['start']}</p>` : null}
      <h2>When</h2>
      ${dayPicker(path, view.date, view.days, view.first, view.last)}
      <h2>${dayLabel(new Date(`${view.date}T12:00:00Z`), 'UTC')}</h2>
      <p class="muted">Times are in ${view.zone}.</p>
      <form method="post" action="${path}">
        <label for="booking-name">Your name</label>
        <input id="booking-name" type="text" name="name" autocomplete="name" value="${values.name}" required ${describedBy(errors, 'name')} />
        ${fieldError(errors, 'name')}
        <label for="booking-email">Email</label>
        <input id="booking-email" type="email" name="email" autocomplete="email" value="${values.email}" required ${describedBy(errors, 'email')} />
        ${fieldError(errors, 'email')}
        <label for="booking-phone">Phone (optional)</label>
        <input id="booking-phone" type="text" name="phone" autocomplete="tel" value="${values.phone}" ${describedBy(errors, 'phone')} />
        ${fieldError(errors, 'phone')}
        <input type="hidden" name="date" value="${view.date}" />
        ${slotButtons(view.slots, view.zone, 'start')}
      </form>`,
  );
}

/** The customer's booking (`/booking/manage/<token>`): its details, cancel, and a new time from the free ones. */
export function bookingManagePage(
  store: StorePage,
  booking: CustomerBooking,
  view: {
    token: string;
    zone: string;
    notice: string | null;
    error: string | null;
    changeable: boolean;
    date: string;
    first: string;
    last: string;
    days: string[];
    slots: SlotChoice[];
  },
): string {
  const path = `/booking/manage/${view.token}`;
  return layout(
    store,
    { title: 'Your booking', description: `Your booking with ${store.name}.`, path, noindex: true },
    html`${STYLE}
      <h1>Your booking</h1>
      ${view.notice ? html`<p class="notice" role="status">${view.notice}</p>` : null}
      ${view.error ? html`<p class="notice" role="alert">${view.error}</p>` : null}
      <dl class="booking">
        <dt>Service</dt>
        <dd>${booking.serviceName} with ${booking.staffName}</dd>
        <dt>When</dt>
        <dd>${dayLabel(booking.startsAt, view.zone)}, ${timeOf(booking.startsAt, view.zone)}–${timeOf(booking.endsAt, view.zone)} (${view.zone})</dd>
        <dt>Name</dt>
        <dd>${booking.customerName}</dd>
        <dt>Price</dt>
        <dd>${priceOf(booking)}</dd>
        <dt>Status</dt>
        <dd>${booking.status === 'confirmed' ? 'Confirmed' : 'Cancelled'}</dd>
      </dl>
      ${
        view.changeable
          ? html`<form method="post" action="${path}/cancel">
                <button type="submit" class="secondary">Cancel this booking</button>
              </form>
              <h2>Change the time</h2>
              ${dayPicker(path, view.date, view.days, view.first, view.last)}
              <form method="post" action="${path}/reschedule">${slotButtons(view.slots, view.zone, 'start')}</form>`
          : null
      }
      <p><a href="/booking">Book another appointment</a></p>`,
  );
}
