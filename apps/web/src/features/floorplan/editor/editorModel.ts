import type { FlowMode, PlanElement, PlanElementInput, PlanElementKind, PlanPointDto, RegionType } from '@storelens/contracts';

/**
 * The drawing tools' model, free of React and Konva: drafts of one kind's elements, the selection,
 * an undo history, snapping and keyboard nudging. Everything is in plan metres (the canvas converts
 * at its edge), so the model is the same at any zoom and any image size.
 */

export interface DraftElement {
  /** Stable within the editor: the element id for saved elements, a generated key for new ones. */
  key: string;
  elementId: string | null;
  name: string;
  colour: string;
  regionType: RegionType | null;
  linkedElementId: string | null;
  enabled: boolean;
  minDwellSeconds: number;
  flowMode: FlowMode | null;
  occupancyThreshold: number | null;
  points: PlanPointDto[];
}

export interface Selection {
  key: string;
  /** A vertex of the element, or null for the whole element. */
  vertex: number | null;
}

export interface EditorState {
  kind: PlanElementKind;
  extent: { widthM: number; heightM: number };
  elements: DraftElement[];
  selection: Selection | null;
  /** Points of the element being drawn (not yet an element). */
  drawing: PlanPointDto[] | null;
  /** Earlier element lists, newest last: undo pops one. */
  history: DraftElement[][];
  dirty: boolean;
  /** New elements are named '<prefix> <n>' (the page passes the kind's name in the reader's language). */
  namePrefix: string;
}

export type EditorAction =
  | { type: 'reset'; elements: PlanElement[]; extent?: EditorState['extent'] }
  | { type: 'startDrawing' }
  | { type: 'addPoint'; point: PlanPointDto }
  | { type: 'finishDrawing' }
  | { type: 'cancelDrawing' }
  | { type: 'select'; selection: Selection | null }
  | { type: 'moveVertex'; key: string; vertex: number; point: PlanPointDto; record: boolean }
  | { type: 'nudge'; dx: number; dy: number }
  | { type: 'deleteSelection' }
  | { type: 'change'; key: string; changes: Partial<Omit<DraftElement, 'key' | 'elementId' | 'points'>> }
  | { type: 'undo' };

const DEFAULT_COLOURS: Record<PlanElementKind, string> = {
  mask: '#595959',
  display: '#2f54eb',
  halt: '#d48806',
  enter: '#08979c',
  flow: '#c41d7f',
  region: '#1677ff',
};
const HISTORY_LIMIT = 100;

export function isLine(kind: PlanElementKind): boolean {
  return kind === 'flow';
}

/** How many points finish an element: a flow line has two, an area is closed by the person (three or more). */
export function pointsToFinish(kind: PlanElementKind): number {
  return isLine(kind) ? 2 : 3;
}

let keyCounter = 0;
function newKey(): string {
  keyCounter += 1;
  return `new-${keyCounter}`;
}

export function draftOf(element: PlanElement): DraftElement {
  return {
    key: element.elementId,
    elementId: element.elementId,
    name: element.name,
    colour: element.colour,
    regionType: element.regionType,
    linkedElementId: element.linkedElementId,
    enabled: element.enabled,
    minDwellSeconds: element.minDwellSeconds,
    flowMode: element.flowMode,
    occupancyThreshold: element.occupancyThreshold,
    points: element.points.map((p) => ({ ...p })),
  };
}

export function initialState(kind: PlanElementKind, extent: EditorState['extent'], elements: PlanElement[] = [], namePrefix: string = kind): EditorState {
  return { kind, extent, elements: elements.map(draftOf), selection: null, drawing: null, history: [], dirty: false, namePrefix };
}

export function clampToPlan(point: PlanPointDto, extent: EditorState['extent']): PlanPointDto {
  return { x: Math.min(Math.max(point.x, 0), extent.widthM), y: Math.min(Math.max(point.y, 0), extent.heightM) };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

function withHistory(state: EditorState, elements: DraftElement[]): EditorState {
  return { ...state, elements, history: [...state.history, state.elements].slice(-HISTORY_LIMIT), dirty: true };
}

function defaultName(state: EditorState, prefix: string): string {
  const taken = new Set(state.elements.map((element) => element.name));
  for (let n = state.elements.length + 1; ; n += 1) if (!taken.has(`${prefix} ${n}`)) return `${prefix} ${n}`;
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'reset':
      return initialState(state.kind, action.extent ?? state.extent, action.elements, state.namePrefix);
    case 'startDrawing':
      return { ...state, drawing: [], selection: null };
    case 'cancelDrawing':
      return { ...state, drawing: null };
    case 'addPoint': {
      if (!state.drawing) return state;
      const drawing = [...state.drawing, clampToPlan({ x: round(action.point.x), y: round(action.point.y) }, state.extent)];
      const next = { ...state, drawing };
      return isLine(state.kind) && drawing.length >= 2 ? editorReducer(next, { type: 'finishDrawing' }) : next;
    }
    case 'finishDrawing': {
      const points = state.drawing ?? [];
      if (points.length < pointsToFinish(state.kind)) return state;
      const key = newKey();
      const element: DraftElement = {
        key,
        elementId: null,
        name: defaultName(state, state.namePrefix),
        colour: DEFAULT_COLOURS[state.kind],
        regionType: state.kind === 'region' ? 'shelf' : null,
        linkedElementId: null,
        enabled: true,
        minDwellSeconds: 5,
        flowMode: isLine(state.kind) ? 'single' : null,
        occupancyThreshold: null,
        points,
      };
      return { ...withHistory(state, [...state.elements, element]), drawing: null, selection: { key, vertex: null } };
    }
    case 'select':
      return { ...state, selection: action.selection };
    case 'moveVertex': {
      const point = clampToPlan({ x: round(action.point.x), y: round(action.point.y) }, state.extent);
      const elements = state.elements.map((element) =>
        element.key === action.key ? { ...element, points: element.points.map((p, i) => (i === action.vertex ? point : p)) } : element,
      );
      // A drag records one history entry when it starts; the moves during it replace the last state.
      return action.record ? withHistory(state, elements) : { ...state, elements, dirty: true };
    }
    case 'nudge': {
      const selection = state.selection;
      if (!selection) return state;
      const element = state.elements.find((candidate) => candidate.key === selection.key);
      if (!element) return state;
      const moved = nudgePoints(element.points, selection.vertex, action.dx, action.dy, state.extent);
      return withHistory(
        state,
        state.elements.map((candidate) => (candidate.key === element.key ? { ...candidate, points: moved } : candidate)),
      );
    }
    case 'deleteSelection': {
      const selection = state.selection;
      if (!selection) return state;
      const element = state.elements.find((candidate) => candidate.key === selection.key);
      if (!element) return state;
      if (selection.vertex !== null && element.points.length > pointsToFinish(state.kind)) {
        const points = element.points.filter((_, i) => i !== selection.vertex);
        return {
          ...withHistory(
            state,
            state.elements.map((candidate) => (candidate.key === element.key ? { ...candidate, points } : candidate)),
          ),
          selection: { key: element.key, vertex: null },
        };
      }
      return {
        ...withHistory(
          state,
          state.elements.filter((candidate) => candidate.key !== element.key),
        ),
        selection: null,
      };
    }
    case 'change':
      return withHistory(
        state,
        state.elements.map((element) => (element.key === action.key ? { ...element, ...action.changes } : element)),
      );
    case 'undo': {
      const previous = state.history.at(-1);
      if (!previous) return state;
      const selection = state.selection && previous.some((element) => element.key === state.selection?.key) ? state.selection : null;
      return { ...state, elements: previous, history: state.history.slice(0, -1), selection, dirty: true };
    }
  }
}

/**
 * Moves a vertex (or the whole element when vertex is null) by (dx, dy) metres, staying on the plan:
 * a whole element stops at the edge as one piece, without being squeezed.
 */
export function nudgePoints(points: readonly PlanPointDto[], vertex: number | null, dx: number, dy: number, extent: EditorState['extent']): PlanPointDto[] {
  if (vertex !== null) return points.map((p, i) => (i === vertex ? clampToPlan({ x: round(p.x + dx), y: round(p.y + dy) }, extent) : p));
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const sx = Math.min(Math.max(dx, -Math.min(...xs)), extent.widthM - Math.max(...xs));
  const sy = Math.min(Math.max(dy, -Math.min(...ys)), extent.heightM - Math.max(...ys));
  return points.map((p) => ({ x: round(p.x + sx), y: round(p.y + sy) }));
}

/**
 * Snaps a point to the nearest vertex within `tolerance` metres, else to the nearest point of an
 * edge within it (the plan's border counts as edges), else leaves it. Vertices win over edges, so
 * shapes close exactly and neighbouring regions share corners.
 */
export function snapPoint(point: PlanPointDto, shapes: readonly (readonly PlanPointDto[])[], extent: EditorState['extent'], tolerance: number): PlanPointDto {
  let best: PlanPointDto | null = null;
  let bestDistance = tolerance;
  for (const shape of shapes)
    for (const vertex of shape) {
      const distance = Math.hypot(vertex.x - point.x, vertex.y - point.y);
      if (distance <= bestDistance) {
        best = vertex;
        bestDistance = distance;
      }
    }
  if (best) return { ...best };
  const border = [
    { x: 0, y: 0 },
    { x: extent.widthM, y: 0 },
    { x: extent.widthM, y: extent.heightM },
    { x: 0, y: extent.heightM },
  ];
  const edges: [PlanPointDto, PlanPointDto][] = [];
  for (const shape of [...shapes, border])
    for (let i = 0; i < shape.length; i += 1) edges.push([shape[i] as PlanPointDto, shape[(i + 1) % shape.length] as PlanPointDto]);
  let onEdge: PlanPointDto | null = null;
  bestDistance = tolerance;
  for (const [a, b] of edges) {
    const projected = closestOnSegment(point, a, b);
    const distance = Math.hypot(projected.x - point.x, projected.y - point.y);
    if (distance <= bestDistance) {
      onEdge = projected;
      bestDistance = distance;
    }
  }
  return onEdge ?? point;
}

export function closestOnSegment(point: PlanPointDto, a: PlanPointDto, b: PlanPointDto): PlanPointDto {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const lengthSquared = dx * dx + dy * dy;
  if (lengthSquared === 0) return { ...a };
  const t = Math.min(Math.max(((point.x - a.x) * dx + (point.y - a.y) * dy) / lengthSquared, 0), 1);
  return { x: a.x + t * dx, y: a.y + t * dy };
}

/** What the save operation takes: every element of the kind, the saved ones by id. */
export function saveInputOf(state: EditorState): PlanElementInput[] {
  return state.elements.map((element) => ({
    ...(element.elementId ? { elementId: element.elementId } : {}),
    name: element.name,
    colour: element.colour,
    ...(element.regionType ? { regionType: element.regionType } : {}),
    linkedElementId: element.linkedElementId,
    enabled: element.enabled,
    minDwellSeconds: element.minDwellSeconds,
    ...(element.flowMode ? { flowMode: element.flowMode } : {}),
    occupancyThreshold: element.occupancyThreshold,
    points: element.points,
  }));
}
