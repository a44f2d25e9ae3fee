/**
 * scripts/vite-styled-ids.ts (issue 35): every styled component of a module gets a stable id, the
 * same in the browser's build and the server renderer's, whatever order the modules run in.
 */
import { describe, expect, it } from 'vitest';
import { factoryEnds, styledIds } from '../../scripts/vite-styled-ids.js';

type Transform = (code: string, id: string) => { code: string } | null;
const transform = styledIds('/project').transform as unknown as Transform;

describe('stable styled-component ids', () => {
  it('names each factory of a module, in source order, through attrs and type arguments', () => {
    const code = [
      "import styled, { css } from 'styled-components';",
      'const A = styled.div`color: red;`;',
      'const B = styled(A)<{ $on: boolean }>`color: blue;`;',
      "const C = styled.input.attrs({ type: 'text' })`width: 1px;`;",
      'const mixin = css`margin: 0;`;',
      'const D = styled.span<{ $x: number }>`top: 0;`;',
    ].join('\n');
    const out = transform(code, '/project/src/ui/thing.tsx')!.code;
    const ids = [...out.matchAll(/componentId: "(sc-[\w]+-\d+)"/g)].map((m) => m[1]);
    expect(ids).toHaveLength(4);
    expect(new Set(ids).size).toBe(4);
    expect(ids.map((id) => id!.split('-').at(-1))).toEqual(['0', '1', '2', '3']);
    expect(out).toContain('styled.div.withConfig({ componentId:');
    expect(out).toContain(
      'styled.input.withConfig({ componentId: "' + ids[2] + "\" }).attrs({ type: 'text' })",
    );
    expect(out).toContain('const mixin = css`margin: 0;`;');
  });

  it('gives the same module the same ids every time, and another module other ids', () => {
    const code = "import styled from 'styled-components';\nexport const A = styled.a`x: y;`;";
    const first = transform(code, '/project/src/a.ts')!.code;
    expect(transform(code, '/project/src/a.ts')!.code).toBe(first);
    expect(transform(code, '/project/src/b.ts')!.code).not.toBe(first);
  });

  it('leaves modules without styled-components, and libraries, alone', () => {
    expect(transform('const a = 1;', '/project/src/a.ts')).toBeNull();
    const library = "import styled from 'styled-components';\nstyled.div`x: y;`;";
    expect(transform(library, '/project/node_modules/lib/index.ts')).toBeNull();
    expect(factoryEnds("import x from 'y';\nx.div`a`;", 'ts')).toEqual([]);
  });
});
