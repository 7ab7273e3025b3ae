import { Faker, en } from '@faker-js/faker'
import type { PhoneAppKey, PhoneRecord } from '../../src/core/index'

/** "Now" of the sample's profile, which generated data sets share: dates such as birthdays are drawn relative to it. */
const GENERATED_NOW = new Date('2026-03-14T10:00:00Z')

/**
 * A seeded faker: the same seed always gives the same data. Its dates are
 * relative to the profile's "now", not the clock: two runs a moment apart
 * could otherwise put a birthday on either side of midnight.
 */
export function seededFaker(seed: number): Faker {
  const faker = new Faker({ locale: [en] })
  faker.seed(seed)
  faker.setDefaultRefDate(GENERATED_NOW)
  return faker
}

const pad = (n: number): string => String(n).padStart(2, '0')

/** Generators of plausible field values, shared by the record and task generators. */
export class Values {
  constructor(readonly f: Faker) {}
  phone(): string {
    return `1${this.f.helpers.arrayElement(['3', '5', '8'])}${this.f.string.numeric(9)}`
  }
  account(): string {
    return `62${this.f.string.numeric(17)}`
  }
  /** A date within `days` of 2026-03-14 (the sample profile's "now"). */
  date(days = 60): string {
    const d = new Date(Date.UTC(2026, 2, 14) + this.f.number.int({ min: -days, max: days }) * 86_400_000)
    return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`
  }
  /** A day before the profile's "now" (1 to `days` days back): a message, a voicemail, a note or a payment has already happened. */
  pastDate(days = 60): string {
    const d = new Date(Date.UTC(2026, 2, 14) - this.f.number.int({ min: 1, max: days }) * 86_400_000)
    return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`
  }
  time(): string {
    return `${pad(this.f.number.int({ min: 6, max: 21 }))}:${pad(this.f.helpers.arrayElement([0, 15, 30, 45]))}`
  }
  name(): string {
    return this.f.person.fullName()
  }
  city(): string {
    return this.f.location.city()
  }
}

const REMIND = ['准时', '10分钟前', '30分钟前', '1小时前', '1天前', '1周前']

/**
 * Everyday English for the texts of generated records, in the sample's
 * register (short messages, voicemails, notes and minutes), filled with
 * generated names, places and times: placeholder Latin reads as noise to a
 * person searching the phone, and is searched like no real text.
 */
const Texts = {
  message: (v: Values): string =>
    v.f.helpers.arrayElement([
      `Running about ${v.f.helpers.arrayElement([5, 10, 15, 20])} minutes late, sorry!`,
      `Can we move our call to ${v.time()}?`,
      `Thanks for yesterday, ${v.f.person.firstName()} says hi.`,
      `The ${v.f.commerce.product().toLowerCase()} order has shipped, tracking to follow.`,
      `Are you free for lunch on ${v.f.date.weekday()}?`,
      `I left the keys with ${v.f.person.firstName()} at reception.`,
      `Reminder: the invoice for ${v.f.company.name()} is due this week.`,
      `See you at ${v.f.location.street()} at ${v.time()}.`,
      `Got it, I will send the figures tonight.`,
      `Can you pick up some ${v.f.food.ingredient().toLowerCase()} on the way home?`,
    ]),
  voicemail: (v: Values): string =>
    `Hi Daniel, it's ${v.f.person.firstName()} from ${v.f.company.name()}. ${v.f.helpers.arrayElement([
      'Just calling about the delivery schedule, please call me back.',
      `I wanted to confirm ${v.f.date.weekday()} at ${v.time()}.`,
      'The quote you asked for is ready, I have emailed it over.',
      'Nothing urgent, give me a ring when you have a minute.',
      `We need a signature on the ${v.f.commerce.department().toLowerCase()} contract before Friday.`,
    ])}`,
  noteTitle: (v: Values): string =>
    v.f.helpers.arrayElement(['Shopping list', 'Ideas for the weekend', `Notes from the ${v.f.commerce.department().toLowerCase()} call`, 'To do', 'Gift ideas', 'Packing list', `${v.f.company.name()} contacts`]),
  noteBody: (v: Values): string =>
    [
      `Call ${v.f.person.firstName()} about ${v.f.commerce.product().toLowerCase()} prices.`,
      `Book a table at ${v.f.company.name()} for ${v.f.helpers.arrayElement([2, 4, 6])}.`,
      `Buy ${v.f.food.ingredient().toLowerCase()}, ${v.f.food.ingredient().toLowerCase()} and bread.`,
    ].join(' '),
  eventTitle: (v: Values): string =>
    v.f.helpers.arrayElement(['Dentist', 'Gym class', `Lunch with ${v.f.person.firstName()}`, 'School pickup', 'Car service', `Call ${v.f.person.firstName()}`, 'Team dinner', 'Haircut']),
  minutes: (v: Values): string =>
    `Agreed to ${v.f.helpers.arrayElement(['revise the budget', 'move the launch by a week', 'order samples first', 'share the draft by Friday'])}. ${v.f.person.firstName()} follows up with ${v.f.company.name()}.`,
  alarmName: (v: Values): string => v.f.helpers.arrayElement(['Wake up', 'Gym', 'Medicine', 'School run', 'Leave for work', 'Call mum', 'Bins out', 'Laundry']),
  contactNote: (v: Values): string => `${v.f.person.jobTitle()} at ${v.f.company.name()}`,
  paymentNote: (v: Values): string => v.f.helpers.arrayElement(['Monthly bill', 'Refund', 'Deposit', 'Split dinner', 'Order payment', `Invoice ${v.f.string.numeric(5)}`]),
}

/** One random record of an app, with the fields SPIEval stores for it. */
export function makeRecord(app: PhoneAppKey, v: Values): PhoneRecord {
  const f = v.f
  switch (app) {
    case 'contacts':
      return {
        姓名: v.name(),
        电话号码: v.phone(),
        公司: f.company.name(),
        电子邮件: f.internet.email(),
        住址: f.location.streetAddress(),
        生日: f.date.birthdate({ min: 18, max: 80, mode: 'age' }).toISOString().slice(0, 10),
        与本人关系: f.helpers.arrayElement(['colleague', 'friend', 'supplier', 'neighbour', 'client', 'cousin']),
        备注: Texts.contactNote(v),
      }
    case 'sms': {
      const incoming = f.datatype.boolean()
      const other = { name: v.name(), phone: v.phone() }
      return {
        发件人姓名: incoming ? other.name : 'Daniel Hayes',
        发件人电话号码: incoming ? other.phone : '15811224476',
        收件人姓名: incoming ? 'Daniel Hayes' : other.name,
        收件人电话号码: incoming ? '15811224476' : other.phone,
        日期: v.pastDate(),
        时间: v.time(),
        正文: Texts.message(v),
        状态: incoming ? 'Read' : 'Sent',
      }
    }
    case 'voicemail':
      return { 来电姓名: v.name(), 来电号码: v.phone(), 日期: v.pastDate(), 时间: v.time(), 留言内容: Texts.voicemail(v) }
    case 'notes':
      return { 标题: Texts.noteTitle(v), 内容: Texts.noteBody(v), 创建日期: v.pastDate(), 创建时间: v.time() }
    case 'schedule':
      return {
        标题: Texts.eventTitle(v),
        日期: v.date(),
        开始时间: '09:00',
        结束时间: '10:00',
        提醒时间: f.helpers.arrayElement(REMIND),
        重复: f.helpers.arrayElement(['不重复', '每周', '每月']),
        地点: f.location.streetAddress(),
      }
    case 'meeting': {
      const day = v.date()
      return {
        标题: `${f.commerce.productName()} review`,
        开始日期: day,
        结束日期: day,
        开始时间: '14:00',
        结束时间: '15:00',
        提醒时间: f.helpers.arrayElement(REMIND),
        重复: f.helpers.arrayElement(['不重复', '每周']),
        参会人: [v.name(), v.name()].join(', '),
        会议号: f.string.numeric(9),
        地点: `Room ${f.number.int({ min: 1, max: 9 })}${f.string.alpha({ length: 1, casing: 'upper' })}`,
        会议纪要: Texts.minutes(v),
        状态: f.helpers.arrayElement(['Scheduled', 'Completed', 'Cancelled']),
      }
    }
    case 'alarm':
      return {
        时间: v.time(),
        重复: f.helpers.arrayElement(['Once', 'Mon, Tue, Wed, Thu, Fri', 'Sat, Sun']),
        闹钟名: Texts.alarmName(v),
        '响铃时长（分钟）': f.helpers.arrayElement([1, 3, 5, 10]),
        重复响铃次数: f.helpers.arrayElement([1, 3, 5, 10]),
        '响铃间隔时间（分钟）': f.helpers.arrayElement([5, 10, 15, 20, 25, 30]),
        状态: f.helpers.arrayElement(['On', 'Off']),
      }
    case 'transaction':
      return {
        项目: f.commerce.productName(),
        金额: Number(f.commerce.price({ min: 5, max: 2000 })),
        日期: v.pastDate(),
        时间: v.time(),
        付款人: 'Daniel Hayes',
        付款账号: '6222021109876543210',
        收款人: v.name(),
        收款账号: v.account(),
        备注: Texts.paymentNote(v),
      }
    case 'transport':
      return {
        日期: v.date(),
        出发时间: v.time(),
        '（预计）到达时间': v.time(),
        出发地: v.city(),
        目的地: v.city(),
        交通方式: f.helpers.arrayElement(['汽车', '火车', '飞机']),
        联系人: 'Daniel Hayes',
        联系方式: '15811224476',
        '（预计）费用': Number(f.commerce.price({ min: 20, max: 900 })),
        状态: f.helpers.arrayElement(['Booked', 'Completed', 'Cancelled']),
      }
    case 'accommodation':
      return {
        住宿地点: `${f.company.name()} Hotel, ${v.city()}`,
        入住日期: v.date(),
        退宿日期: v.date(),
        房型: f.helpers.arrayElement(['King room', 'Twin room', 'Queen room']),
        数量: f.number.int({ min: 1, max: 2 }),
        联系人: 'Daniel Hayes',
        联系方式: '15811224476',
        费用: Number(f.commerce.price({ min: 80, max: 600 })),
        状态: f.helpers.arrayElement(['Confirmed', 'Completed', 'Cancelled']),
      }
  }
}
