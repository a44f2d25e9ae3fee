/**
 * Gives every styled component of ours a stable id (issue 35: the first screen is rendered on the
 * server and hydrated in the browser). Left alone, styled-components numbers components in the
 * order their modules run, and the class names it generates come from those numbers. The server
 * runs the page modules in another order than a browser that loaded only the page it shows, so
 * the same component got other class names on each side: every styled element would mismatch on
 * hydration. This does what babel-plugin-styled-components does for that, without Babel:
 * `styled.div` → `styled.div.withConfig({ componentId: "sc-<file>-<n>" })`, where <file> is a
 * hash of the module's path in the project and <n> its place in the file, so both builds (and
 * every build of an unchanged file) agree.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { parseAst, type Plugin } from 'vite';

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** The local name `styled` is imported under in this module (default import), if any. */
function styledName(program: Node): string | undefined {
  for (const statement of program.body as Node[]) {
    if (statement.type !== 'ImportDeclaration') continue;
    if ((statement.source as { value: string }).value !== 'styled-components') continue;
    for (const specifier of statement.specifiers as Node[]) {
      if (specifier.type === 'ImportDefaultSpecifier')
        return (specifier.local as { name: string }).name;
    }
  }
  return undefined;
}

/** `styled.tag` or `styled(Component)`: the factory a template (or `.attrs(…)`) hangs on. */
function isFactory(node: Node, styled: string): boolean {
  const isStyled = (n: unknown) => isNode(n) && n.type === 'Identifier' && n.name === styled;
  if (node.type === 'MemberExpression') return isStyled(node.object) && !node.computed;
  if (node.type === 'CallExpression') return isStyled(node.callee);
  return false;
}

/** The factory under a template's tag: the tag itself, or what `.attrs(…)` is called on. */
function factoryOf(tag: Node, styled: string): Node | undefined {
  let node: Node = tag;
  // styled.div<Props>`…` parses with the type arguments on the template, not the tag.
  while (node.type === 'CallExpression' && isNode(node.callee)) {
    const callee = node.callee;
    if (isFactory(node, styled)) return node;
    if (callee.type !== 'MemberExpression' || !isNode(callee.object)) return undefined;
    node = callee.object; // styled.div.attrs(…) → styled.div
  }
  return isFactory(node, styled) ? node : undefined;
}

/** Where `.withConfig(…)` goes in `code` (the factories' ends), in source order. */
export function factoryEnds(code: string, lang: 'ts' | 'tsx'): number[] {
  const program = parseAst(code, { lang }) as unknown as Node;
  const styled = styledName(program);
  if (!styled) return [];
  const ends: number[] = [];
  const visit = (node: Node) => {
    if (node.type === 'TaggedTemplateExpression' && isNode(node.tag)) {
      const factory = factoryOf(node.tag, styled);
      if (factory) ends.push(factory.end);
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) value.filter(isNode).forEach(visit);
      else if (isNode(value)) visit(value);
    }
  };
  visit(program);
  return ends.sort((a, b) => a - b);
}

export function styledIds(root = process.cwd()): Plugin {
  return {
    name: 'vidtube-styled-ids',
    enforce: 'pre',
    transform(code, id) {
      const [file = id] = id.split('?');
      if (file.includes('/node_modules/') || !/\.tsx?$/.test(file)) return null;
      if (!code.includes('styled-components')) return null;
      const ends = factoryEnds(code, file.endsWith('x') ? 'tsx' : 'ts');
      if (ends.length === 0) return null;
      const relative = path.relative(root, file).split(path.sep).join('/');
      const fileId = createHash('sha1').update(relative).digest('base64url').slice(0, 8);
      let out = code;
      // From the end, so the earlier positions stay right.
      ends.forEach((_, i) => {
        const index = ends.length - 1 - i;
        const at = ends[index];
        const config = `.withConfig({ componentId: "sc-${fileId.replace(/[^a-zA-Z0-9]/g, 'x')}-${index}" })`;
        out = out.slice(0, at) + config + out.slice(at);
      });
      return { code: out, map: null };
    },
  };
}
