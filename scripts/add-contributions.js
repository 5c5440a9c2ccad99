#!/usr/bin/env node
// Merges a feature's contribution fragment (src/extension/<feature>/contributions.json) into package.json.
// Idempotent: commands and views are keyed by id (replaced), other array items are added once.
// Usage: node scripts/add-contributions.js src/extension/library/contributions.json [...more]
'use strict';
const fs = require('fs');
const path = require('path');

const root = path.resolve(__dirname, '..');
const pkgPath = path.join(root, 'package.json');

function keyOf(item) {
  if (item && typeof item === 'object') {
    if (typeof item.command === 'string' && !('when' in item) && !('group' in item) && 'title' in item) return `command:${item.command}`;
    if (typeof item.id === 'string') return `id:${item.id}`;
    if (typeof item.view === 'string' && 'contents' in item) return `welcome:${item.view}:${item.when ?? ''}`;
  }
  return `json:${JSON.stringify(item)}`;
}

function mergeArray(target, items) {
  const out = Array.isArray(target) ? [...target] : [];
  for (const item of items) {
    const key = keyOf(item);
    const at = out.findIndex((x) => keyOf(x) === key);
    if (at >= 0) out[at] = item;
    else out.push(item);
  }
  return out;
}

function merge(target, fragment) {
  if (Array.isArray(fragment)) return mergeArray(target, fragment);
  if (fragment && typeof fragment === 'object') {
    const out = target && typeof target === 'object' && !Array.isArray(target) ? { ...target } : {};
    for (const [k, v] of Object.entries(fragment)) out[k] = merge(out[k], v);
    return out;
  }
  return fragment;
}

const fragments = process.argv.slice(2);
if (fragments.length === 0) {
  console.error('usage: node scripts/add-contributions.js <contributions.json>...');
  process.exit(2);
}
const pkg = JSON.parse(fs.readFileSync(pkgPath, 'utf8'));
for (const file of fragments) {
  const fragment = JSON.parse(fs.readFileSync(path.resolve(file), 'utf8'));
  const { activationEvents, contributes: wrapped, ...bare } = fragment;
  const contributes = wrapped ?? bare;
  pkg.contributes = merge(pkg.contributes, contributes);
  if (activationEvents) pkg.activationEvents = [...new Set([...(pkg.activationEvents ?? []), ...activationEvents])];
}
fs.writeFileSync(pkgPath, `${JSON.stringify(pkg, null, 2)}\n`);
console.log(`package.json: merged ${fragments.join(', ')}`);
