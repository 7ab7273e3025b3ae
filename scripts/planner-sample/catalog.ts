/**
 * The planner sample's skills (skills.json: each body is the SKILL.md a model
 * reads on load_skill) and its sub-agent cards (agents.json, a subset of an
 * A2A AgentCard). Each card's route is a Delegate_* tool in tools.ts.
 */

const EXPENSE_FILING = `# Filing expenses at Maple Ridge Foods

Use this skill to claim back money the user spent for work. It adds one tool, \`Expense_Submit\`.

## Is it an expense?
- Only business costs: meals with suppliers or clients, business travel, lodging, mileage in the user's own car, office supplies.
- Never personal costs: family meals, gifts, tickets for friends, money owed to friends. Those are paid back with an ordinary payment, not claimed.

## Filling in the claim
1. **amount**: exactly what was charged, tip included, as the transaction shows it (not the menu price, not a rounded figure).
2. **merchant**: who was paid, as on the transaction.
3. **date**: the date of the transaction, not the day you file.
4. **category**: \`meals\` for any meal with suppliers or clients; \`travel\` for flights, trains, taxis and parking; \`lodging\` for hotels; \`mileage\` for driving the user's own car; \`supplies\` for things bought for the office; \`other\` only when none fits.
5. **purpose**: one line naming the company met and why, e.g. "Q2 pricing lunch with Sunfield Farms".
6. **attendees** (meals): everyone at the table other than the user, by full name. Find them in the calendar entry or the transaction's note.

## Mileage
- The 2026 rate is **$0.70 per mile**.
- A round trip counts both ways: claim = miles one way × 2 × 0.70, rounded to the cent.
- Take the miles from the user's mileage log in Notes; do not estimate them.
- When the user only asks how much they can claim, work it out and tell them; do not file until they ask you to.

## Don't
- Don't file the same receipt twice: search the transactions first.
- Don't claim a personal purchase, even if the user has a receipt for it.`

const TRAVEL_BOOKING = `# Booking business travel

Use this skill to book work trips through the company's travel account. It adds one tool, \`Trip_Book\`.

## Policy
- **One booking per trip**: everyone from Maple Ridge Foods travelling together goes on the same booking (\`travelers\`, full names, the user included).
- **When**: if the event starts before noon, travel the day before; otherwise travel the same morning.
- **How**: trains for trips under 400 km; fly for anything longer. From Chicago, flights leave from Chicago O'Hare (ORD); trains from Chicago Union Station.
- **Fare class**: \`economy\` for flights under 4 hours; \`premium economy\` only for longer flights; \`business\` never without the manager's written approval.
- **Cost centre**: every booking carries the traveller's cost centre. Procurement staff find theirs in the travel note in Notes; cost centres change, so use the latest one written there.

## Booking
1. Find the event (meeting or calendar) and its first day and city.
2. Work out the day of travel and the mode from the policy above.
3. Find who else is going: the meeting's participants and any message asking to travel together.
4. Call \`Trip_Book\` once with \`date\`, \`from\`, \`to\` (the airport or station, as named in past trips), \`mode\`, \`fareClass\` (flights), \`travelers\` and \`costCenter\`. Leave \`time\` out unless the user asked for a particular departure.

## Don't
- Don't book a trip the travel desk already booked: change it through the travel desk instead.
- Don't book family trips with this account.`

const RESTAURANT_BOOKING = `# Reserving restaurants

Use this skill to reserve a table. It adds one tool, \`Restaurant_Reserve\`; the reservation lands in the calendar.

## What to fill in
1. **restaurant**: the restaurant's name as the user or their records give it.
2. **date** and **time** (\`HH:MM:SS\`):
   - Anniversary and birthday dinners: **19:30**, unless the user says otherwise.
   - Team dinners after a meeting: **30 minutes after the meeting ends**.
   - Otherwise ask the user, or take the time they gave.
3. **partySize**: everyone coming, the user included. For a team dinner that is the meeting's participants plus the user.
4. **name** and **phone**: the user's name and mobile number.
5. **requests**: the occasion, and every dietary need you know of for the people coming (check what you remember about them: allergies, vegetarian, and so on).

## Don't
- Don't reserve where the user has said they no longer go.
- Don't make two reservations for the same evening; one is enough.`

export const SKILLS = [
  {
    name: 'expense-filing',
    display_name: 'Expense filing',
    description: 'Claim back work costs (supplier meals, travel, lodging, mileage) under Maple Ridge Foods\' expense policy, and work out mileage claims.',
    body: EXPENSE_FILING,
    tools: ['Expense_Submit'],
  },
  {
    name: 'travel-booking',
    display_name: 'Business travel',
    description: 'Book work trips under the company travel policy: who travels together, which day, train or plane, fare class and cost centre.',
    body: TRAVEL_BOOKING,
    tools: ['Trip_Book'],
  },
  {
    name: 'restaurant-booking',
    display_name: 'Restaurant reservations',
    description: 'Reserve restaurant tables for the user: the right time for the occasion, the party size and everyone\'s dietary needs.',
    body: RESTAURANT_BOOKING,
    tools: ['Restaurant_Reserve'],
  },
]

export const AGENTS = [
  {
    id: 'finance',
    name: 'Finance desk',
    description: 'Maple Ridge Foods\' finance agent: supplier payments, returned payments, company card disputes, refunds and reimbursements.',
    tool: 'Delegate_Finance',
    skills: [
      {
        id: 'supplier-payments',
        name: 'Supplier payments',
        description: 'Pays supplier invoices, re-sends returned payments to updated bank details.',
        tags: ['invoice', 'supplier', 'payment', 'returned'],
        examples: ['Invoice SF-2026-031 came back: the supplier changed banks.'],
      },
      {
        id: 'card-disputes',
        name: 'Company card disputes',
        description: 'Disputes wrong or duplicate charges on company cards.',
        tags: ['card', 'duplicate', 'charge', 'refund'],
        examples: ['A hotel charged my company card twice.'],
      },
    ],
    reply: 'Finance desk: ticket opened. Request: "{request}". Reference: {reference}. Amount: {amount}. We will reply by email within one working day.',
  },
  {
    id: 'travel-desk',
    name: 'Travel desk',
    description: 'The company travel desk: books, changes and cancels business trips and sorts out problems with what it booked.',
    tool: 'Delegate_TravelDesk',
    skills: [
      {
        id: 'bookings',
        name: 'Bookings and changes',
        description: 'New trips, changed dates, cancellations.',
        tags: ['flight', 'train', 'hotel', 'change'],
        examples: ['Move my Denver flight to Wednesday.', 'Book me a train to St. Louis on the 24th.'],
      },
      {
        id: 'booking-problems',
        name: 'Problems with a booking',
        description: 'Wrong charges or details on something the travel desk booked.',
        tags: ['hotel', 'charge', 'booking'],
        examples: ['The hotel you booked charged me twice.'],
      },
    ],
    reply: 'Travel desk: request logged for {traveler} ({destination}, {date}): "{request}". You will get the new itinerary by email.',
  },
  {
    id: 'it-helpdesk',
    name: 'IT helpdesk',
    description: 'The IT helpdesk: laptops, VPN, email accounts and work phones.',
    tool: 'Delegate_ITHelpdesk',
    skills: [
      {
        id: 'devices',
        name: 'Devices and connections',
        description: 'Laptops that will not start or connect, VPN, Wi-Fi on company laptops.',
        tags: ['laptop', 'vpn', 'update'],
        examples: ['My laptop lost the VPN after the update.'],
      },
    ],
    reply: 'IT helpdesk: ticket opened for "{summary}" (asset {assetTag}). A technician will be in touch.',
    answers: {
      'MRF-2291': 'IT helpdesk: ticket IT-5531 opened for laptop MRF-2291 (Dell Latitude 7440). A technician will call you back within two hours.',
    },
  },
]
