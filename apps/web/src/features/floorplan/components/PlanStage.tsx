import type { FloorPlan, FlowMode, PlanElementKind, PlanPointDto } from '@storelens/contracts';
import type Konva from 'konva';
import { type Dispatch, type KeyboardEvent, useMemo, useState } from 'react';
import { Arrow, Circle, Image as KonvaImage, Layer, Line, Stage, Text } from 'react-konva';
import { type EditorAction, type EditorState, isLine, pointsToFinish, snapPoint } from '../editor/editorModel.ts';

/** A shape drawn for reference (other kinds while editing, everything on the plan page). */
export interface ShapeView {
  key: string;
  kind: PlanElementKind;
  points: PlanPointDto[];
  colour: string;
  label: string;
  flowMode?: FlowMode | null;
}

export interface FootprintView {
  key: string;
  points: PlanPointDto[];
  label: string;
  /** The camera's position and facing point, drawn as an arrow. */
  camera?: { at: PlanPointDto; toward: PlanPointDto };
  highlight?: boolean;
}

interface PlanStageProps {
  plan: FloorPlan;
  image: HTMLImageElement | null;
  /** CSS pixels available; the plan is drawn at this width. */
  width: number;
  shapes?: readonly ShapeView[];
  footprints?: readonly FootprintView[];
  editor?: { state: EditorState; dispatch: Dispatch<EditorAction> };
  label: string;
  testId?: string;
  /** Without an editor: a click on the plan reports the point (metres), e.g. for clicked calibration points. */
  onPick?: (point: PlanPointDto) => void;
}

/** Snapping reaches this far on screen, whatever the zoom. */
const SNAP_PX = 10;
const HANDLE_PX = 6;
/** The display area usually spans the whole floor: a light tint keeps the plan readable under it. */
const FILL_OPACITY: Record<PlanElementKind, number> = { mask: 0.45, display: 0.05, halt: 0.22, enter: 0.22, flow: 0, region: 0.22 };
const NUDGE_M = 0.1;
const NUDGE_SHIFT_M = 1;

const flat = (points: readonly PlanPointDto[], scale: number) => points.flatMap((p) => [p.x * scale, p.y * scale]);

function alpha(colour: string, opacity: number): string {
  const value = Number.parseInt(colour.slice(1), 16);
  return `rgba(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255}, ${opacity})`;
}

/** A polygon or a flow line with direction arrows (one-way: at the end; two-way: both ends). */
function Shape({ shape, scale, opacity, selected, onSelect }: { shape: ShapeView; scale: number; opacity: number; selected?: boolean; onSelect?: () => void }) {
  const first = shape.points[0];
  const labelAt = first ? { x: first.x * scale + 4, y: first.y * scale + 4 } : { x: 0, y: 0 };
  if (isLine(shape.kind)) {
    return (
      <>
        <Arrow
          points={flat(shape.points, scale)}
          stroke={shape.colour}
          fill={shape.colour}
          strokeWidth={selected ? 5 : 3}
          pointerLength={12}
          pointerWidth={12}
          pointerAtBeginning={shape.flowMode === 'double'}
          opacity={opacity}
          hitStrokeWidth={14}
          onClick={onSelect}
          onTap={onSelect}
        />
        <Text x={labelAt.x} y={labelAt.y - 20} text={shape.label} fontSize={12} fill="#262626" opacity={opacity} listening={false} />
      </>
    );
  }
  return (
    <>
      <Line
        points={flat(shape.points, scale)}
        closed
        stroke={shape.colour}
        strokeWidth={selected ? 3 : 1.5}
        fill={alpha(shape.colour, FILL_OPACITY[shape.kind])}
        opacity={opacity}
        onClick={onSelect}
        onTap={onSelect}
      />
      <Text x={labelAt.x} y={labelAt.y} text={shape.label} fontSize={12} fill="#262626" opacity={opacity} listening={false} />
    </>
  );
}

/**
 * The floor plan on a Konva stage: the image, reference shapes, camera footprints and, with an
 * editor, the editable shapes of one kind with vertex handles, snapping (to vertices, then edges and
 * the plan's border), drawing by clicks and keyboard nudging. Konva works in screen pixels; the
 * editor model in metres: conversion happens only here.
 */
export function PlanStage({ plan, image, width, shapes = [], footprints = [], editor, label, testId, onPick }: PlanStageProps) {
  const scale = width / plan.widthM;
  const height = plan.heightM * scale;
  const [cursor, setCursor] = useState<PlanPointDto | null>(null);
  const state = editor?.state;
  const dispatch = editor?.dispatch;
  const extent = { widthM: plan.widthM, heightM: plan.heightM };

  const snapTargets = useMemo(
    () => [...shapes.map((shape) => shape.points), ...(state?.elements.map((element) => element.points) ?? [])],
    [shapes, state?.elements],
  );

  const toPlan = (stage: Konva.Stage | null): PlanPointDto | null => {
    const pointer = stage?.getPointerPosition();
    return pointer ? { x: pointer.x / scale, y: pointer.y / scale } : null;
  };
  const snapped = (point: PlanPointDto, skip?: { key: string; vertex: number }) => {
    const targets = skip
      ? [
          ...shapes.map((shape) => shape.points),
          ...(state?.elements ?? []).map((element) => (element.key === skip.key ? element.points.filter((_, i) => i !== skip.vertex) : element.points)),
        ]
      : [...snapTargets, ...(state?.drawing ? [state.drawing] : [])];
    return snapPoint(point, targets, extent, SNAP_PX / scale);
  };

  const onStageClick = (event: Konva.KonvaEventObject<MouseEvent | TouchEvent>) => {
    const raw = toPlan(event.target.getStage());
    if (!raw) return;
    if (onPick) onPick(raw);
    if (!state || !dispatch) return;
    if (state.drawing) {
      const first = state.drawing[0];
      const closing =
        first && !isLine(state.kind) && state.drawing.length >= pointsToFinish(state.kind) && Math.hypot(first.x - raw.x, first.y - raw.y) * scale <= SNAP_PX;
      dispatch(closing ? { type: 'finishDrawing' } : { type: 'addPoint', point: snapped(raw) });
      return;
    }
    if (event.target === event.target.getStage() || event.target.getClassName() === 'Image') dispatch({ type: 'select', selection: null });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!state || !dispatch) return;
    const step = event.shiftKey ? NUDGE_SHIFT_M : NUDGE_M;
    const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    const move = moves[event.key];
    if (move && state.selection) dispatch({ type: 'nudge', dx: move[0], dy: move[1] });
    else if (event.key === 'Enter' && state.drawing) dispatch({ type: 'finishDrawing' });
    else if (event.key === 'Escape' && state.drawing) dispatch({ type: 'cancelDrawing' });
    else if ((event.key === 'Delete' || event.key === 'Backspace') && state.selection) dispatch({ type: 'deleteSelection' });
    else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'z') dispatch({ type: 'undo' });
    else return;
    event.preventDefault();
  };

  const selected = state?.selection ? state.elements.find((element) => element.key === state.selection?.key) : undefined;
  const drawingPreview = state?.drawing ? [...state.drawing, ...(cursor ? [cursor] : [])] : null;

  const frame = { width, height, outline: 'none', cursor: state?.drawing || onPick ? 'crosshair' : 'default' } as const;
  const stage = (
    <Stage
      width={width}
      height={height}
      onClick={onStageClick}
      onTap={onStageClick}
      onMouseDown={(event) => (event.target.getStage()?.container().parentElement as HTMLElement | null)?.focus()}
      onMouseMove={(event) => {
        if (!state?.drawing) return;
        const raw = toPlan(event.target.getStage());
        setCursor(raw ? snapped(raw) : null);
      }}
    >
      <Layer listening={Boolean(editor || onPick)}>
        {image ? <KonvaImage image={image} width={width} height={height} /> : null}
        {footprints.map((footprint) => (
          <Line
            key={`fp-${footprint.key}`}
            points={flat(footprint.points, scale)}
            closed
            stroke={footprint.highlight ? '#cf1322' : '#531dab'}
            dash={footprint.highlight ? undefined : [6, 4]}
            strokeWidth={footprint.highlight ? 2.5 : 1.5}
            fill={footprint.highlight ? 'rgba(207, 19, 34, 0.12)' : 'rgba(83, 29, 171, 0.08)'}
            listening={false}
          />
        ))}
        {footprints.map((footprint) =>
          footprint.camera ? (
            <Arrow
              key={`cam-${footprint.key}`}
              points={flat([footprint.camera.at, footprint.camera.toward], scale)}
              stroke="#531dab"
              fill="#531dab"
              strokeWidth={2}
              pointerLength={8}
              pointerWidth={8}
              listening={false}
            />
          ) : null,
        )}
        {shapes.map((shape) => (
          <Shape key={`ref-${shape.key}`} shape={shape} scale={scale} opacity={editor ? 0.45 : 0.9} />
        ))}
      </Layer>
      {state && dispatch ? (
        <Layer>
          {state.elements.map((element) => (
            <Shape
              key={element.key}
              shape={{ key: element.key, kind: state.kind, points: element.points, colour: element.colour, label: element.name, flowMode: element.flowMode }}
              scale={scale}
              opacity={1}
              selected={element.key === state.selection?.key}
              onSelect={() => !state.drawing && dispatch({ type: 'select', selection: { key: element.key, vertex: null } })}
            />
          ))}
          {selected && !state.drawing
            ? selected.points.map((point, vertex) => (
                <Circle
                  // biome-ignore lint/suspicious/noArrayIndexKey: a vertex is its position in the shape
                  key={`${selected.key}-${vertex}`}
                  x={point.x * scale}
                  y={point.y * scale}
                  radius={HANDLE_PX}
                  fill={state.selection?.vertex === vertex ? '#1677ff' : '#ffffff'}
                  stroke="#1677ff"
                  strokeWidth={2}
                  draggable
                  onClick={(event) => {
                    event.cancelBubble = true;
                    dispatch({ type: 'select', selection: { key: selected.key, vertex } });
                  }}
                  onDragStart={() => {
                    dispatch({ type: 'select', selection: { key: selected.key, vertex } });
                    dispatch({ type: 'moveVertex', key: selected.key, vertex, point, record: true });
                  }}
                  onDragMove={(event) => {
                    const node = event.target;
                    const target = snapped({ x: node.x() / scale, y: node.y() / scale }, { key: selected.key, vertex });
                    node.position({ x: target.x * scale, y: target.y * scale });
                    dispatch({ type: 'moveVertex', key: selected.key, vertex, point: target, record: false });
                  }}
                />
              ))
            : null}
          {drawingPreview ? (
            <>
              <Line points={flat(drawingPreview, scale)} stroke="#1677ff" strokeWidth={2} dash={[6, 4]} listening={false} />
              {state.drawing?.map((point) => (
                <Circle
                  key={`draw-${point.x}-${point.y}`}
                  x={point.x * scale}
                  y={point.y * scale}
                  radius={point === state.drawing?.[0] ? HANDLE_PX + 2 : HANDLE_PX}
                  fill="#1677ff"
                  listening={false}
                />
              ))}
            </>
          ) : null}
        </Layer>
      ) : null}
    </Stage>
  );
  if (!editor) {
    return (
      <div className="sl-plan-stage" role="img" aria-label={label} style={frame} data-testid={testId} data-scale={scale}>
        {stage}
      </div>
    );
  }
  return (
    <div
      className="sl-plan-stage"
      role="application"
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the drawing canvas takes keyboard input (nudging, undo, closing a shape) when focused
      tabIndex={0}
      onKeyDown={onKeyDown}
      style={frame}
      data-testid={testId}
      data-scale={scale}
      data-drawing={state?.drawing ? 'true' : 'false'}
    >
      {stage}
    </div>
  );
}
