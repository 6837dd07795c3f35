import { noChange } from 'lit';
import { Directive, directive, PartType, type ElementPart, type PartInfo } from 'lit/directive.js';

/**
 * Sets custom properties on an element through the CSSOM only (`style.setProperty`), on the first
 * render too, and removes the ones no longer given. Lit's `styleMap` writes a style attribute
 * string on its first render, which a CSP without `'unsafe-inline'` styles blocks; this never does.
 *
 * Usage, in element position: `<div ${cssProps({ '--_x': 'red' })}>`.
 */
class CssPropsDirective extends Directive {
  private applied = new Set<string>();

  constructor(partInfo: PartInfo) {
    super(partInfo);
    if (partInfo.type !== PartType.ELEMENT) throw new Error('cssProps() belongs in element position');
  }

  render(_props: Readonly<Record<string, string>>): typeof noChange {
    return noChange;
  }

  override update(part: ElementPart, [props]: [Readonly<Record<string, string>>]): typeof noChange {
    const style = (part.element as HTMLElement).style;
    for (const name of this.applied) {
      if (!(name in props)) style.removeProperty(name);
    }
    for (const [name, value] of Object.entries(props)) {
      if (style.getPropertyValue(name) !== value) style.setProperty(name, value);
    }
    this.applied = new Set(Object.keys(props));
    return noChange;
  }
}

export const cssProps = directive(CssPropsDirective);
