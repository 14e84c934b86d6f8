import {
  ApartmentOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  BellOutlined,
  CameraOutlined,
  ClusterOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  IdcardOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  ShoppingOutlined,
  TeamOutlined,
  UserOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { MenuIconName } from '../../shared/routing/types.ts';

export const MENU_ICONS: Record<MenuIconName, ReactNode> = {
  user: <UserOutlined />,
  dashboard: <DashboardOutlined />,
  video: <VideoCameraOutlined />,
  sale: <ShoppingOutlined />,
  inspection: <SafetyCertificateOutlined />,
  setting: <SettingOutlined />,
  service: <CustomerServiceOutlined />,
  batch: <AppstoreOutlined />,
  message: <BellOutlined />,
  board: <BarChartOutlined />,
  organisation: <ApartmentOutlined />,
  team: <TeamOutlined />,
  role: <IdcardOutlined />,
  camera: <CameraOutlined />,
  device: <ClusterOutlined />,
};
