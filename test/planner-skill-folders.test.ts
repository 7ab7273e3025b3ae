// Skills as Agent Skills folders (#28): a data set (a zip, or a folder) may give its skills as skills/<name>/SKILL.md
// instead of skills.json. They load to the same skills through the one loader (the page and npm run validate alike);
// both at once, a front matter without name or description, or a name that is not its folder's, are refused by file.
import 'fake-indexeddb/auto'
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { stringify } from 'yaml'
import { DatasetError, loadDataset } from '../src/core/index'
import type { Skill } from '../src/core/index'
import { zipArchive } from '../src/core/archive'
import { DATASET_ZIP_LIMITS, DatasetZipError, readDatasetZip } from '../src/core/zip'
import { sealDataset, unsealDataset } from '../src/core/seal'
import { SpievalDatabase, exportDatasetFolder, importDataset } from '../src/db/index'
import { importPicked, pickDatasetFiles, useDatasets } from '../src/datasets/store'
import { readDatasetFolder } from '../cli/files'
import { declareSizes } from './support/craftedZip'
import { cliArgs } from './support/cli'
import { ROOT } from './fixtures'

const FOLDER = join(ROOT, 'public/data-planner')
const NAMES = ['input_data.jsonl', 'records_db.json', 'tools.json', 'profile.json', 'skills.json', 'agents.json']
const ORIGINAL: Record<string, string> = Object.fromEntries(NAMES.map((name) => [name, readFileSync(join(FOLDER, name), 'utf8')]))
const SKILLS = JSON.parse(ORIGINAL['skills.json'] ?? '[]') as { name: string; description: string; body: string; tools: string[]; display_name?: string }[]
const { 'skills.json': _skills, ...WITHOUT_SKILLS } = ORIGINAL
const PASSPHRASE = 'correct horse battery staple'

/** A SKILL.md as Agent Skills write one: YAML front matter, then the body. */
function skillMd(skill: (typeof SKILLS)[number]): string {
  const front = { name: skill.name, description: skill.description, ...(skill.display_name ? { display_name: skill.display_name } : {}), metadata: { 'x-tools': skill.tools } }
  return `---\n${stringify(front)}---\n${skill.body}`
}

/** The planner sample with its skills as folders (travel-booking's written by hand: quoted, folded, its tools one string). */
function folderFiles(): Record<string, string> {
  const files: Record<string, string> = { ...WITHOUT_SKILLS }
  for (const skill of SKILLS) files[`skills/${skill.name}/SKILL.md`] = skillMd(skill)
  const travel = SKILLS.find((s) => s.name === 'travel-booking')
  if (travel)
    files['skills/travel-booking/SKILL.md'] =
      `---\r\nname: "travel-booking"\r\ndescription: >-\r\n  ${travel.description}\r\ndisplay_name: '${travel.display_name ?? ''}'\r\nlicense: Apache-2.0\r\nmetadata:\r\n  x-tools: ${travel.tools.join(' ')}\r\n  author: sample\r\n---\r\n${travel.body}`
  return files
}

/** The files in a zip, inside a folder as a zipped folder has them, with the metadata macOS adds and a file no one reads. */
function zipped(files: Record<string, string>, folder = 'data-planner/'): Uint8Array {
  const entries: Record<string, string> = { '__MACOSX/data-planner/._input_data.jsonl': 'junk', [`${folder}README.md`]: '# notes' }
  for (const [name, text] of Object.entries(files)) entries[`${folder}${name}`] = text
  entries[`${folder}skills/expense-filing/scripts/mileage.py`] = 'print(0.7)'
  return zipArchive(entries)
}

const byName = (skills: readonly Skill[] | undefined) => [...(skills ?? [])].sort((a, b) => (a.name < b.name ? -1 : 1))

/** The loader's error text for some files, or 'loaded'. */
function refusal(files: Record<string, string>): string {
  try {
    loadDataset(files)
    return 'loaded'
  } catch (err) {
    if (err instanceof DatasetError) return err.message
    throw err
  }
}

const original = loadDataset(ORIGINAL).dataset

describe('skills given as folders', () => {
  it('load from a zip to the same data set as the same skills in skills.json (skills in name order)', () => {
    const files = readDatasetZip(zipped(folderFiles()))
    expect(Object.keys(files).sort()).toEqual([...Object.keys(WITHOUT_SKILLS), ...SKILLS.map((s) => `skills/${s.name}/SKILL.md`)].sort())
    const { dataset, warnings } = loadDataset(files)
    expect(warnings).toEqual([])
    expect(dataset.skills?.map((s) => s.name)).toEqual(['expense-filing', 'restaurant-booking', 'travel-booking'])
    expect(dataset.skills).toEqual(byName(original.skills))
    expect({ ...dataset, skills: [] }).toEqual({ ...original, skills: [] })
  })

  it('load from a folder on disk too, and npm run validate takes the folder or the zip, with no error', () => {
    const dir = mkdtempSync(join(tmpdir(), 'skill-folders-'))
    for (const [name, text] of Object.entries(folderFiles())) {
      mkdirSync(dirname(join(dir, 'data', name)), { recursive: true })
      writeFileSync(join(dir, 'data', name), text)
    }
    writeFileSync(join(dir, 'data.zip'), zipped(folderFiles()))
    expect(readDatasetFolder(join(dir, 'data'))).toEqual(folderFiles())
    for (const target of [join(dir, 'data'), join(dir, 'data.zip')]) {
      const run = spawnSync(process.execPath, [...cliArgs('cli/validate.ts'), target], { cwd: ROOT, encoding: 'utf8' })
      expect(run.status, run.stdout + run.stderr).toBe(0)
      expect(run.stdout).toContain('24 tasks')
      expect(run.stdout).toContain('0 errors, 0 warnings')
    }
  })

  it('refuse a data set that gives its skills twice, saying why', () => {
    const message = refusal({ ...folderFiles(), 'skills.json': ORIGINAL['skills.json'] ?? '' })
    expect(message).toMatch(/^skills\.json: the skills are given twice, in skills\.json and as folders \(skills\/expense-filing\/SKILL\.md, .*\): keep one of them, since the two could disagree$/m)
    // The same refusal from a zip.
    expect(refusal(readDatasetZip(zipped({ ...folderFiles(), 'skills.json': ORIGINAL['skills.json'] ?? '' })))).toBe(message)
  })

  it('refuse a SKILL.md without a name or a description, with another name than its folder, or without front matter, naming the file', () => {
    const md = (text: string) => ({ ...folderFiles(), 'skills/restaurant-booking/SKILL.md': text })
    const at = 'skills/restaurant-booking/SKILL.md'
    expect(refusal(md('---\ndescription: Reserve tables\nmetadata:\n  x-tools: [Restaurant_Reserve]\n---\n# Body'))).toContain(`${at}: the front matter has no "name"\n`)
    expect(refusal(md('---\nname: restaurant-booking\nmetadata:\n  x-tools: [Restaurant_Reserve]\n---\n# Body'))).toContain(`${at}: the front matter has no "description"`)
    expect(refusal(md('---\nname: restaurants\ndescription: Reserve tables\nmetadata:\n  x-tools: [Restaurant_Reserve]\n---\n'))).toContain(
      `${at}: the front matter's "name" is "restaurants" but the folder is "restaurant-booking": they must be the same`,
    )
    expect(refusal(md('# Reserving restaurants\n'))).toContain(`${at} line 1: it must begin with a front matter`)
    expect(refusal(md('---\nname: restaurant-booking\ndescription: Reserve tables\n'))).toContain(`${at}: its front matter has no closing line "---"`)
    expect(refusal(md('---\nname: restaurant-booking\ndescription: a: b\n---\n'))).toMatch(/skills\/restaurant-booking\/SKILL\.md line 3: its front matter is not valid YAML: /)
    expect(refusal(md('---\nname: restaurant-booking\ndescription: Reserve tables\nmetadata:\n  x-tools: 3\n---\n'))).toContain('"metadata.x-tools" must be a list of tool names')
    expect(refusal(md('---\nname: Restaurant_Booking\ndescription: Reserve tables\n---\n'))).toContain('"name" must be 1 to 64 of a-z, 0-9 and single hyphens inside')
    // Cross-checks name the SKILL.md too: the skill's tool still carries "x-skill" but the skill no longer lists it.
    expect(refusal(md('---\nname: restaurant-booking\ndescription: Reserve tables\n---\n'))).toContain(
      'tools.json: tool "Restaurant_Reserve": "x-skill" is "restaurant-booking", but that skill\'s "tools" do not list it',
    )
    expect(refusal(md('---\nname: restaurant-booking\ndescription: Reserve tables\nmetadata:\n  x-tools: [Restaurant_Reserve, Book_Table]\n---\n'))).toContain(
      `${at}: skill "restaurant-booking" lists the tool "Book_Table", which is not in tools.json`,
    )
  })

  it('are refused by npm run validate with the file and the problem', () => {
    const dir = mkdtempSync(join(tmpdir(), 'skill-folders-bad-'))
    const zip = join(dir, 'bad.zip')
    writeFileSync(zip, zipped({ ...folderFiles(), 'skills/restaurant-booking/SKILL.md': '---\nname: restaurants\ndescription: Reserve tables\n---\n' }))
    const run = spawnSync(process.execPath, [...cliArgs('cli/validate.ts'), zip], { cwd: ROOT, encoding: 'utf8' })
    expect(run.status).toBe(1)
    expect(run.stdout).toContain('error: skills/restaurant-booking/SKILL.md: the front matter\'s "name" is "restaurants" but the folder is "restaurant-booking": they must be the same')
    expect(run.stdout).toContain('the data set does not load')
  })

  it('go along with a sealed copy as they are, and come back when it is opened', async () => {
    const files = folderFiles()
    const sealed = await sealDataset(files, { passphrase: PASSPHRASE })
    for (const skill of SKILLS) expect(sealed[`skills/${skill.name}/SKILL.md`]).toBe(files[`skills/${skill.name}/SKILL.md`])
    expect(loadDataset(sealed).dataset.skills).toEqual(byName(original.skills))
    expect(await unsealDataset(sealed, PASSPHRASE)).toEqual(files)
  })

  it('import in the page from a zip, and from a picked folder, with the skills stored and exported as skills.json', async () => {
    const db = new SpievalDatabase('skill-folders')
    const row = await importDataset(readDatasetZip(zipped(folderFiles())), { name: 'zip', source: 'files' }, db)
    expect(row.skills).toEqual(byName(original.skills))
    const exported = await exportDatasetFolder(row.id, db)
    expect(loadDataset(exported ?? {}).dataset.skills).toEqual(byName(original.skills))
    const picked = Object.entries(folderFiles()).map(([name, text]) => ({ file: new File([text], name.split('/').pop() ?? name), path: `planner/${name}` }))
    expect([...pickDatasetFiles(picked).files.keys()].sort()).toEqual(Object.keys(folderFiles()).sort())
  })

  it('import in the page through Pick files or a drop of one zip, named after it', async () => {
    const zip = new File([zipped(folderFiles()) as Uint8Array<ArrayBuffer>], 'planner skills.zip')
    const row = await importPicked([{ file: zip, path: zip.name }], 'files')
    expect(useDatasets.getState().error).toBeUndefined()
    expect(row).toMatchObject({ name: 'planner skills', tasks: 24, skills: byName(original.skills) })
  })
})

describe('a data set zip', () => {
  const error = (bytes: Uint8Array) => {
    try {
      readDatasetZip(bytes)
    } catch (err) {
      if (err instanceof DatasetZipError) return err.message
      throw err
    }
    return 'read'
  }

  it('is found at any depth, the shallowest folder with input_data.jsonl, and one data set only', () => {
    expect(readDatasetZip(zipped(WITHOUT_SKILLS, ''))).toEqual(WITHOUT_SKILLS)
    expect(readDatasetZip(zipped(WITHOUT_SKILLS, 'a/b/c/'))).toEqual(WITHOUT_SKILLS)
    const two = zipArchive({ 'a/input_data.jsonl': '', 'b/input_data.jsonl': '' })
    expect(error(two)).toBe('The zip holds more than one data set (a/, b/): zip one data set folder at a time.')
    expect(error(zipArchive({ 'notes.txt': '' }))).toBe('The zip holds no input_data.jsonl: it is not a data set folder.')
    expect(error(new TextEncoder().encode('not a zip'))).toMatch(/^Not a zip archive/)
  })

  it('is refused on what its entries declare, before anything is inflated', () => {
    const bomb = declareSizes(zipped(WITHOUT_SKILLS), { 'data-planner/records_db.json': { originalSize: DATASET_ZIP_LIMITS.fileBytes + 10 * 1024 * 1024 } })
    expect(error(bomb)).toMatch(/data-planner\/records_db\.json declares 394 MiB uncompressed, over the limit of 384 MiB per file/)
  })
})
