import type { PlanElement } from '@storelens/contracts';
import { describe, expect, it } from 'vitest';
import { editorReducer, initialState, nudgePoints, saveInputOf, snapPoint } from './editorModel.ts';

const extent = { widthM: 20, heightM: 15 };
const square = [
  { x: 4, y: 4 },
  { x: 6, y: 4 },
  { x: 6, y: 6 },
  { x: 4, y: 6 },
];

function saved(points = square): PlanElement {
  return {
    id: 'v1',
    elementId: 'e1',
    planId: 'p',
    version: 1,
    planVersion: 1,
    kind: 'region',
    name: 'Shelf A',
    colour: '#1677ff',
    regionType: 'shelf',
    linkedElementId: null,
    occupancyThreshold: null,
    enabled: true,
    minDwellSeconds: 5,
    flowMode: null,
    hidden: false,
    points,
    createdAt: '2026-01-01T00:00:00Z',
  };
}

describe('drawing', () => {
  it('closes an area after three points and names it from the prefix', () => {
    let state = editorReducer(initialState('region', extent, [], 'Region'), { type: 'startDrawing' });
    for (const point of [square[0], square[1]]) state = editorReducer(state, { type: 'addPoint', point: point as { x: number; y: number } });
    expect(editorReducer(state, { type: 'finishDrawing' }).elements).toHaveLength(0);
    state = editorReducer(state, { type: 'addPoint', point: { x: 6, y: 6 } });
    state = editorReducer(state, { type: 'finishDrawing' });
    expect(state.elements.map((element) => [element.name, element.points.length])).toEqual([['Region 1', 3]]);
    expect(state.drawing).toBeNull();
    expect(state.selection?.key).toBe(state.elements[0]?.key);
  });

  it('finishes a flow line at its second point, one-way by default', () => {
    let state = editorReducer(initialState('flow', extent), { type: 'startDrawing' });
    state = editorReducer(state, { type: 'addPoint', point: { x: 3, y: 5 } });
    state = editorReducer(state, { type: 'addPoint', point: { x: 7, y: 5 } });
    expect(state.elements[0]).toMatchObject({
      flowMode: 'single',
      points: [
        { x: 3, y: 5 },
        { x: 7, y: 5 },
      ],
    });
  });

  it('keeps points on the plan', () => {
    let state = editorReducer(initialState('flow', extent), { type: 'startDrawing' });
    state = editorReducer(state, { type: 'addPoint', point: { x: -2, y: 20 } });
    expect(state.drawing).toEqual([{ x: 0, y: 15 }]);
  });
});

describe('editing and undo', () => {
  it('nudges the selected vertex, or the whole element without squeezing it at the edge, and undoes step by step', () => {
    let state = initialState('region', extent, [saved()]);
    state = editorReducer(state, { type: 'select', selection: { key: 'e1', vertex: 0 } });
    state = editorReducer(state, { type: 'nudge', dx: 0.1, dy: 0 });
    expect(state.elements[0]?.points[0]).toEqual({ x: 4.1, y: 4 });
    state = editorReducer(state, { type: 'select', selection: { key: 'e1', vertex: null } });
    state = editorReducer(state, { type: 'nudge', dx: -10, dy: 0 });
    // The element's left edge was at 4 (its first vertex at 4.1): it stops at x = 0, keeping its 2 m width.
    expect(state.elements[0]?.points.map((p) => p.x)).toEqual([0.1, 2, 2, 0]);
    state = editorReducer(state, { type: 'undo' });
    expect(state.elements[0]?.points[1]).toEqual({ x: 6, y: 4 });
    state = editorReducer(state, { type: 'undo' });
    expect(state.elements[0]?.points).toEqual(square);
    expect(editorReducer(state, { type: 'undo' })).toBe(state);
  });

  it('deletes a vertex only while three remain, then the element', () => {
    let state = initialState('region', extent, [saved()]);
    state = editorReducer(state, { type: 'select', selection: { key: 'e1', vertex: 2 } });
    state = editorReducer(state, { type: 'deleteSelection' });
    expect(state.elements[0]?.points).toHaveLength(3);
    state = editorReducer(state, { type: 'select', selection: { key: 'e1', vertex: 0 } });
    state = editorReducer(state, { type: 'deleteSelection' });
    expect(state.elements).toHaveLength(0);
  });

  it('a drag records one history entry', () => {
    let state = initialState('region', extent, [saved()]);
    state = editorReducer(state, { type: 'moveVertex', key: 'e1', vertex: 0, point: { x: 3, y: 3 }, record: true });
    state = editorReducer(state, { type: 'moveVertex', key: 'e1', vertex: 0, point: { x: 2, y: 2 }, record: false });
    expect(state.history).toHaveLength(1);
    expect(editorReducer(state, { type: 'undo' }).elements[0]?.points[0]).toEqual({ x: 4, y: 4 });
  });

  it('saves the saved elements by id and new ones without', () => {
    let state = initialState('region', extent, [saved()]);
    state = editorReducer(state, { type: 'startDrawing' });
    for (const point of [
      { x: 10, y: 10 },
      { x: 12, y: 10 },
      { x: 12, y: 12 },
    ])
      state = editorReducer(state, { type: 'addPoint', point });
    state = editorReducer(state, { type: 'finishDrawing' });
    const input = saveInputOf(state);
    expect(input[0]).toMatchObject({ elementId: 'e1', name: 'Shelf A' });
    expect(input[1]).not.toHaveProperty('elementId');
  });
});

describe('snapping', () => {
  it('snaps to a vertex first, then to an edge or the plan border, within the tolerance', () => {
    // (6.2, 4.1) is 0.224 m from the vertex (6, 4): within 0.3 m it snaps there.
    expect(snapPoint({ x: 6.2, y: 4.1 }, [square], extent, 0.3)).toEqual({ x: 6, y: 4 });
    // (5, 4.2) is 0.2 m below the edge y = 4 between (4, 4) and (6, 4), and over 1 m from its vertices: onto the edge.
    expect(snapPoint({ x: 5, y: 4.2 }, [square], extent, 0.3)).toEqual({ x: 5, y: 4 });
    // (19.8, 8) is 0.2 m from the plan's right border x = 20.
    expect(snapPoint({ x: 19.8, y: 8 }, [square], extent, 0.3)).toEqual({ x: 20, y: 8 });
    expect(snapPoint({ x: 10, y: 10 }, [square], extent, 0.3)).toEqual({ x: 10, y: 10 });
    // A vertical edge: (6.1, 5) is 0.1 m right of x = 6.
    expect(snapPoint({ x: 6.1, y: 5 }, [square], extent, 0.3)).toEqual({ x: 6, y: 5 });
  });

  it('nudges stay on the plan', () => {
    expect(nudgePoints(square, 0, -5, -5, extent)[0]).toEqual({ x: 0, y: 0 });
  });
});
