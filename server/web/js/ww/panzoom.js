// Pan and zoom for an SVG by changing its viewBox: wheel zooms around the pointer, one pointer
// drags, two pointers pinch. A drag does not count as a click. No dependencies.

export class PanZoom {
  constructor(svg, { minScale = 0.15, maxScale = 1 } = {}) {
    this.svg = svg;
    const [x, y, w, h] = svg.getAttribute('viewBox').split(/\s+/).map(Number);
    this.full = { x, y, w, h };
    this.box = { ...this.full };
    this.minW = w * minScale; // most zoomed in
    this.maxW = w * maxScale; // most zoomed out
    this.pointers = new Map();
    this.dragged = false;
    svg.style.touchAction = 'none';
    svg.addEventListener('wheel', (e) => this.onWheel(e), { passive: false });
    svg.addEventListener('pointerdown', (e) => this.onDown(e));
    window.addEventListener('pointermove', (e) => this.onMove(e));
    window.addEventListener('pointerup', (e) => this.onUp(e));
    window.addEventListener('pointercancel', (e) => this.onUp(e));
    // Swallow the click that ends a drag, before anything else sees it.
    svg.addEventListener(
      'click',
      (e) => {
        if (this.dragged) {
          e.stopPropagation();
          e.preventDefault();
          this.dragged = false;
        }
      },
      true,
    );
  }

  apply() {
    const { x, y, w, h } = this.box;
    this.svg.setAttribute('viewBox', `${x} ${y} ${w} ${h}`);
  }

  // The map point under client coordinates.
  toMap(clientX, clientY) {
    const r = this.svg.getBoundingClientRect();
    // preserveAspectRatio meet: the box is scaled uniformly and centred.
    const scale = Math.max(this.box.w / r.width, this.box.h / r.height);
    const ox = (r.width * scale - this.box.w) / 2;
    const oy = (r.height * scale - this.box.h) / 2;
    return { x: this.box.x - ox + (clientX - r.left) * scale, y: this.box.y - oy + (clientY - r.top) * scale, scale };
  }

  zoomAt(factor, clientX, clientY) {
    const w = Math.min(this.maxW, Math.max(this.minW, this.box.w * factor));
    const f = w / this.box.w;
    const p = clientX === undefined ? { x: this.box.x + this.box.w / 2, y: this.box.y + this.box.h / 2 } : this.toMap(clientX, clientY);
    this.box = { x: p.x - (p.x - this.box.x) * f, y: p.y - (p.y - this.box.y) * f, w: this.box.w * f, h: this.box.h * f };
    this.apply();
  }

  zoomBy(factor) {
    this.zoomAt(factor);
  }

  reset() {
    this.box = { ...this.full };
    this.apply();
  }

  // The width of the view that fitBox would show for a rectangle of w x h map units.
  fitted({ w, h }) {
    const r = this.svg.getBoundingClientRect();
    const aspect = r.width > 0 && r.height > 0 ? r.width / r.height : this.full.w / this.full.h;
    return { width: Math.min(this.maxW, Math.max(this.minW, w, h * aspect)), aspect };
  }

  // Screen pixels per map unit once fitBox has shown the rectangle.
  pixelsPerUnit(rect) {
    return this.svg.getBoundingClientRect().width / this.fitted(rect).width;
  }

  // Shows the map rectangle {x, y, w, h} (in map units) whole and centred, zoomed in no further
  // than the limit, as the element's shape allows.
  fitBox({ x, y, w, h }) {
    const { width, aspect } = this.fitted({ w, h });
    const height = width / aspect;
    this.box = { x: x + w / 2 - width / 2, y: y + h / 2 - height / 2, w: width, h: height };
    this.apply();
  }

  // Centres the view on a map point without changing the zoom.
  centreOn(x, y) {
    this.box = { ...this.box, x: x - this.box.w / 2, y: y - this.box.h / 2 };
    this.apply();
  }

  onWheel(e) {
    e.preventDefault();
    this.zoomAt(Math.exp(e.deltaY * 0.0015), e.clientX, e.clientY);
  }

  onDown(e) {
    if (e.button !== undefined && e.button !== 0) return;
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY, startX: e.clientX, startY: e.clientY });
    if (this.pointers.size === 1) this.dragged = false;
  }

  onMove(e) {
    const p = this.pointers.get(e.pointerId);
    if (!p) return;
    if (this.pointers.size === 1) {
      if (!this.dragged && Math.hypot(e.clientX - p.startX, e.clientY - p.startY) < 6) return;
      this.dragged = true;
      const { scale } = this.toMap(0, 0);
      this.box.x -= (e.clientX - p.x) * scale;
      this.box.y -= (e.clientY - p.y) * scale;
      p.x = e.clientX;
      p.y = e.clientY;
      this.apply();
      return;
    }
    // Pinch: scale by the change of distance between the first two pointers, about their middle.
    const [a, b] = [...this.pointers.values()];
    const before = Math.hypot(a.x - b.x, a.y - b.y);
    p.x = e.clientX;
    p.y = e.clientY;
    const after = Math.hypot(a.x - b.x, a.y - b.y);
    this.dragged = true;
    if (before > 0 && after > 0) this.zoomAt(before / after, (a.x + b.x) / 2, (a.y + b.y) / 2);
  }

  onUp(e) {
    this.pointers.delete(e.pointerId);
  }
}
