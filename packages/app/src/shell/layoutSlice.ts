import { createSlice } from '@reduxjs/toolkit';

export interface LayoutState {
  sidebarCollapsed: boolean;
}

export const initialLayoutState: LayoutState = { sidebarCollapsed: false };

/** UI state of the signed-in layout: whether the sidebar is collapsed (230px open, 60px collapsed). */
const layoutSlice = createSlice({
  name: 'layout',
  initialState: initialLayoutState,
  reducers: {
    sidebarToggled(state) {
      state.sidebarCollapsed = !state.sidebarCollapsed;
    },
  },
});

export const { sidebarToggled } = layoutSlice.actions;
export const layoutReducer = layoutSlice.reducer;

export const selectSidebarCollapsed = (state: { layout: LayoutState }) => state.layout.sidebarCollapsed;
